import { expect, test } from "vitest";
import { parseAppContext } from "../../functions/market/context/host-app";

test("every field of SPEC's app context is read from the query", () => {
  const search = new URLSearchParams({
    token: "tok_123",
    email: "mei@example.com",
    nickName: "Mei",
    tsessionid: "s-9",
    language: "en-US",
    currency: "usd",
    location: "tw",
    locationCityId: "TPE",
    channel: "MTL_LAUNCH",
    version: "2.5.0",
    source: "iOS",
    deviceId: "dev-1",
    statusBarHeight: "44",
    safeAreaBottom: "34.5",
    theme: "dark",
  });
  expect(parseAppContext(search)).toEqual({
    token: "tok_123",
    email: "mei@example.com",
    nickName: "Mei",
    tsessionid: "s-9",
    language: "en-US",
    currency: "USD",
    location: "TW",
    locationCityId: "TPE",
    channel: "MTL_LAUNCH",
    version: "2.5.0",
    source: "iOS",
    deviceId: "dev-1",
    statusBarHeight: 44,
    safeAreaBottom: 34.5,
    theme: "dark",
  });
});

test("lan, cc, lc and src stand for language, currency, location and source", () => {
  expect(parseAppContext("?lan=zh-HK&cc=HKD&lc=HK&src=android")).toEqual({ language: "zh-HK", currency: "HKD", location: "HK", source: "android" });
});

test("the long name wins over its short one", () => {
  expect(parseAppContext("?language=en-US&lan=zh-HK&currency=JPY&cc=HKD")).toMatchObject({ language: "en-US", currency: "JPY" });
});

test("an app language of zh-CN is shown in zh-HK", () => {
  expect(parseAppContext("?lan=zh-CN").language).toBe("zh-HK");
});

test("a language we do not speak is left out", () => {
  expect(parseAppContext("?lan=fr-FR")).toEqual({});
});

test("a malformed value costs only itself", () => {
  expect(parseAppContext("?token=tok_1&statusBarHeight=tall&currency=dollars&email=nope&safeAreaBottom=-3")).toEqual({ token: "tok_1" });
});

test("empty values are absent, not empty", () => {
  expect(parseAppContext("?token=&nickName=%20%20&lan=")).toEqual({});
});

test("a theme other than SPEC's dark and light is left out", () => {
  expect(parseAppContext("?theme=sepia&lan=en-US")).toEqual({ language: "en-US" });
});
