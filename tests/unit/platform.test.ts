import { expect, test } from "vitest";
import { isMobileUserAgent, platformType } from "../../functions/market/preferences/platform";

const iphoneSafari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const androidChrome =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const desktopChrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const macSafari =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

test("a page opened by the iOS app is APP", () => {
  expect(platformType({ src: "iOS", userAgent: iphoneSafari })).toEqual({ type: "APP", cmb: false });
});

test("a page opened by the android app is APP whatever the case of src", () => {
  expect(platformType({ src: "ANDROID", userAgent: androidChrome }).type).toBe("APP");
  expect(platformType({ src: "android", userAgent: desktopChrome }).type).toBe("APP");
});

test("a phone browser without an app src is H5", () => {
  expect(platformType({ userAgent: iphoneSafari }).type).toBe("H5");
  expect(platformType({ src: "web", userAgent: androidChrome }).type).toBe("H5");
});

test("a desktop browser is PC", () => {
  expect(platformType({ userAgent: desktopChrome }).type).toBe("PC");
  expect(platformType({ userAgent: macSafari }).type).toBe("PC");
});

test("with no user agent at all the platform is PC", () => {
  expect(platformType({})).toEqual({ type: "PC", cmb: false });
});

test("a platform name ending in CMB marks the visit as CMB", () => {
  expect(platformType({ src: "iOS", platformName: "iOS_CMB" })).toEqual({ type: "APP", cmb: true });
  expect(platformType({ userAgent: iphoneSafari, platformName: "h5cmb" })).toEqual({ type: "H5", cmb: true });
});

test("a platform name with CMB anywhere but the end is not CMB", () => {
  expect(platformType({ platformName: "CMB_web" }).cmb).toBe(false);
});

test("tablets and other phones are mobile browsers", () => {
  expect(isMobileUserAgent("Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe(true);
  expect(isMobileUserAgent("Opera/9.80 (J2ME/MIDP; Opera Mini/9.80) Presto/2.5.25")).toBe(true);
  expect(isMobileUserAgent(desktopChrome)).toBe(false);
});
