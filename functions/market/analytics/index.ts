/**
 * Analytics and attribution, ours end to end (SPEC §7, §9): the collector that keeps the events
 * the browser's wrapper batches, the buying funnel support reads, the 30-day retention of raw
 * events, and the ad fields an order was placed under.
 */
export { collectAnalytics, INVALID_EVENT, type CollectResult } from "./collect";
export { readFunnel, FUNNEL_DAYS, type Funnel, type FunnelRow } from "./funnel";
export { purgeOldAnalytics, RAW_EVENT_DAYS } from "./retention";
export { adParamsOfRequest, attributionStatement, attributionOf, readKeptAdParams, AD_PARAMS_COOKIE, AD_PARAMS_DAYS } from "./attribution";
export * from "./event-rules";
export * from "./event-schemas";
