import { beforeAll, expect, test } from "vitest";
import { page } from "./support/api";
import { postForm, setCookieValue } from "./support/accounts";
import { seedCatalog } from "./support/catalog";

beforeAll(async () => {
  await seedCatalog();
});

test("a signed-out visitor picks the dark theme and home is drawn dark from the first byte", async () => {
  const picker = await page("/theme-select?returnTo=%2F%3Fsheet%3Dsettings");
  expect(picker.status).toBe(200);
  const html = await picker.text();
  expect(html).toContain('value="dark"');
  expect(html).toContain('value="system"');

  const chosen = await postForm("/theme-select", { theme: "dark", returnTo: "/?sheet=settings" });
  expect(chosen.status).toBe(302);
  expect(chosen.headers.get("location")).toBe("/?sheet=settings");
  expect(setCookieValue(chosen, "theme")).toBe("dark");

  const home = await page("/", { headers: { cookie: "theme=dark" } });
  expect(await home.text()).toContain('<html lang="en-US" dir="ltr" data-theme="dark"');
});

test("home's settings sheet names the theme in use and opens the picker", async () => {
  const home = await page("/?sheet=settings", { headers: { cookie: "theme=light" } });
  const html = await home.text();
  expect(html).toContain('href="/theme-select?returnTo=%2F"');
  expect(html).toContain(">Light<");
});

test("a theme we do not offer is refused with the picker's notice and no cookie", async () => {
  const refused = await postForm("/theme-select", { theme: "sepia", returnTo: "/" });
  expect(refused.status).toBe(400);
  expect(setCookieValue(refused, "theme")).toBeUndefined();
  expect(await refused.text()).toContain("That choice isn&#x27;t available. Please pick one from the list.");
});
