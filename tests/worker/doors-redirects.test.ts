/**
 * Every redirect sink keeps the buyer on this site: the same list of tricks at each one.
 */
import { beforeAll, expect, test } from "vitest";
import { seedCatalog } from "./support/catalog";
import { sameSitePath } from "../../functions/web/safe-redirect";
import { page } from "./support/api";
import { postForm, registerThroughApi } from "./support/accounts";

beforeAll(async () => {
  await seedCatalog();
});

const TRICKS = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/%09/evil.example/../..//evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "evil.example",
];

test("sameSitePath refuses every trick and keeps plain paths, normalised", () => {
  for (const trick of TRICKS) expect([trick, sameSitePath(trick)]).toEqual([trick, null]);
  expect(sameSitePath("/tourDetail?id=7#seats")).toBe("/tourDetail?id=7#seats");
  expect(sameSitePath("/a/./b/../c?x=1")).toBe("/a/c?x=1");
  expect(sameSitePath("/my\torder")).toBe("/myorder");
});

const signedIn = async () => `__Host-ovation_session=${(await registerThroughApi()).accessToken}`;

for (const screen of ["/login", "/register", "/login/code"]) {
  test(`${screen}?redirectTo= never leaves the site`, async () => {
    const cookie = await signedIn();
    for (const trick of TRICKS) {
      const response = await page(`${screen}?redirectTo=${encodeURIComponent(trick)}`, { headers: { cookie } });
      expect([trick, response.status, response.headers.get("location")]).toEqual([trick, 302, "/mine"]);
    }
    const fine = await page(`${screen}?redirectTo=${encodeURIComponent("/tourDetail?id=7")}`, { headers: { cookie } });
    expect(fine.headers.get("location")).toBe("/tourDetail?id=7");
  });
}

test("/logout's redirectTo never leaves the site", async () => {
  for (const trick of TRICKS) {
    const response = await postForm("/logout", { redirectTo: trick }, await signedIn());
    expect([trick, response.status, response.headers.get("location")]).toEqual([trick, 302, "/mine"]);
  }
});

const PICKERS: [string, Record<string, string>][] = [
  ["/language-select", { language: "zh-HK" }],
  ["/currency-select", { currency: "HKD" }],
  ["/theme-select", { theme: "dark" }],
  ["/location-select", { intent: "decline", location: "JP" }],
];

for (const [picker, choice] of PICKERS) {
  test(`${picker}'s returnTo never leaves the site`, async () => {
    for (const trick of TRICKS) {
      const response = await postForm(picker, { ...choice, returnTo: trick });
      expect([trick, response.status, response.headers.get("location")]).toEqual([trick, 302, "/"]);
    }
    const fine = await postForm(picker, { ...choice, returnTo: "/events?page=2" });
    expect(fine.headers.get("location")).toBe("/events?page=2");
  });
}
