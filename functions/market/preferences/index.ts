/**
 * How the viewer wants to see the market, resolved per request on the server and again in the
 * browser from the same pure rules (SPEC §4):
 *
 * - Language: manual, then the host app's language, then the first matched system language
 *   (zh* → zh-HK, en* → en-US), then stored, then en-US.
 * - Location: manual for 7 days, then stored (suggesting a different detected one) or detected,
 *   then HK. Accepting a suggestion sets location, language and currency; declining makes the
 *   current location the manual one.
 * - Currency: manual, then the location's, then stored, then HKD.
 * - Environment: from the host's first label (dev, qa, stage, uat), else production; analytics
 *   only in production.
 * - Platform: APP when src is iOS or android, H5 on a mobile browser, else PC; CMB by name.
 * - Theme: the host app's (dark, light), then manual, then the system's preference.
 *
 * The rules above touch no binding, cookie or clock: callers pass what they read, so the browser
 * can run them too. Beside them, reading the reference data through a context:
 *
 * - options.ts: what the viewer can choose from (locations, cities with shows, currencies,
 *   languages), named in the viewer's language.
 * - choices.ts: a choice checked against the reference data, returned as what to keep (cookies on
 *   the web are the door's business); choice-schemas.ts holds their shapes, safe for the browser.
 * - auto-location.ts: where a device is (position, network, else Hong Kong), for lbs/default and
 *   "use my current location".
 */
export * from "../context/language";
export * from "./location";
export * from "./currency";
export * from "./environment";
export * from "./platform";
export * from "./theme";
