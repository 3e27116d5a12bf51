import { expect, test } from "vitest";
import { preferenceCookies, returnToOf } from "../../app/server/preferences.server";

const secureRequest = new Request("https://ovation.example/language-select");
const localRequest = new Request("http://127.0.0.1:8787/language-select");

function names(cookies: string[]): string[] {
  return cookies.map((cookie) => cookie.slice(0, cookie.indexOf("=")));
}

test("a language choice sets only the language cookie, for a year, on the whole site", () => {
  const cookies = preferenceCookies({ language: "zh-HK" }, secureRequest);
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatch(/^language=zh-HK; Max-Age=31536000; Path=\/; Secure; SameSite=Lax$/);
});

test("preference cookies are readable by the page but sent only with our own requests", () => {
  const [cookie] = preferenceCookies({ currency: "USD" }, secureRequest);
  expect(cookie).not.toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Lax");
});

test("over plain http (a local run) preference cookies are not marked Secure", () => {
  expect(preferenceCookies({ currency: "USD" }, localRequest)[0]).not.toContain("Secure");
});

test("a location choice keeps the manual location, when it was chosen, the location in use and the city", () => {
  const cookies = preferenceCookies({ location: { region: "TW", city: "TPE", setAt: 1_790_000_000_000 } }, secureRequest);
  expect(names(cookies)).toEqual(["location", "location_time", "location_current", "locationCityId"]);
  expect(cookies[1]).toMatch(/^location_time=1790000000000;/);
  expect(cookies[3]).toMatch(/^locationCityId=TPE;/);
});

test("a whole-region choice clears the city cookie", () => {
  const cookies = preferenceCookies({ location: { region: "JP", city: null, setAt: 1 } }, secureRequest);
  expect(cookies[3]).toMatch(/^locationCityId=; Max-Age=0;/);
});

test("nothing chosen sets nothing", () => {
  expect(preferenceCookies({}, secureRequest)).toEqual([]);
});

test("a return path on this site is kept with its query", () => {
  expect(returnToOf("/tourDetail?id=3&channelId=1")).toBe("/tourDetail?id=3&channelId=1");
});

test("a return address that could leave the site goes home instead", () => {
  for (const value of ["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "", "tourDetail"]) {
    expect(returnToOf(value)).toBe("/");
  }
});

test("a return address back to a picker goes home instead", () => {
  expect(returnToOf("/currency-select?returnTo=/")).toBe("/");
});

test("a missing or non-text return address goes home", () => {
  expect(returnToOf(null)).toBe("/");
  expect(returnToOf(undefined)).toBe("/");
  expect(returnToOf(new File([], "x"))).toBe("/");
});
