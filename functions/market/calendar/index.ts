/**
 * Dates as the viewer lives them: every day boundary is computed in the viewer's IANA time zone
 * with the runtime's Intl (no library), so the same instant can be Tuesday in Hong Kong and
 * Monday in Los Angeles, and a DST change makes a day 23 or 25 hours long without moving a
 * boundary. Ranges are half-open [from, to) in epoch ms, from a start of day to a start of day.
 * Weeks are ISO weeks (Monday first). Date presets never start before the start of today.
 */
export * from "./plain-date";
export * from "./zoned-time";
export * from "./date-format";
export * from "./date-presets";
export * from "./date-filter";
