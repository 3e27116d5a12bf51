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
 *
 * Nothing here touches a binding, a cookie or the clock: callers pass what they read.
 */
export * from "./language";
export * from "./location";
export * from "./currency";
export * from "./environment";
export * from "./platform";
