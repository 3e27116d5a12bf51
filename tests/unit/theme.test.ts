import { expect, test } from "vitest";
import { chooseTheme } from "../../functions/market/preferences/choices";
import { resolveTheme } from "../../functions/market/preferences/theme";
import { themeOf } from "../../app/server/theme.server";

test("a viewer who never chose follows the system", () => {
  expect(resolveTheme({})).toBe("system");
});

test("a theme chosen in Settings is drawn", () => {
  expect(resolveTheme({ manual: "dark" })).toBe("dark");
  expect(resolveTheme({ manual: "light" })).toBe("light");
});

test("inside an app, the app's theme wins over the one chosen on the web", () => {
  expect(resolveTheme({ app: "light", manual: "dark" })).toBe("light");
});

test("a forged theme cookie counts as no choice", () => {
  expect(resolveTheme({ manual: "<script>", app: "system" })).toBe("system");
});

test("choosing a theme keeps it; choosing another value is refused naming the field", () => {
  expect(chooseTheme({ theme: "dark" })).toEqual({ theme: "dark" });
  expect(() => chooseTheme({ theme: "blue" })).toThrowError(expect.objectContaining({ code: 12308, params: { field: "theme", reason: "unknown theme" } }));
});

test("a page opened by the app with its theme is drawn in it, and the rest of the visit too", () => {
  const opened = themeOf(new Request("https://ovation.example/tourDetail?id=1&theme=dark", { headers: { cookie: "theme=light" } }));
  expect(opened).toEqual({ theme: "dark", setCookie: "theme_app=dark; Path=/; Secure; SameSite=Lax" });
  const next = themeOf(new Request("https://ovation.example/pick-seat", { headers: { cookie: "theme=light; theme_app=dark" } }));
  expect(next).toEqual({ theme: "dark", setCookie: null });
});

test("on the web the Settings choice is read from its cookie", () => {
  expect(themeOf(new Request("http://127.0.0.1/", { headers: { cookie: "theme=dark" } }))).toEqual({ theme: "dark", setCookie: null });
});
