import { expect, test } from "vitest";
import { DATE_FILTER_MESSAGES, dateFilterRange, dateFilterSchema } from "../../functions/market/calendar/date-filter";
import { customRange, datePresetRange } from "../../functions/market/calendar/date-presets";

const now = Date.parse("2025-03-05T07:00:00Z");
const issues = (input: unknown) =>
  dateFilterSchema.safeParse(input).error?.issues.map((issue) => ({ path: issue.path, message: issue.message })) ?? [];

test("a preset alone is a valid filter", () => {
  expect(dateFilterSchema.parse({ preset: "weekend" })).toEqual({ preset: "weekend" });
});

test("a from and to pair of days is a valid filter", () => {
  expect(dateFilterSchema.parse({ from: "2025-03-01", to: "2025-03-31" })).toEqual({ from: "2025-03-01", to: "2025-03-31" });
});

test("no dates at all is a valid filter that selects no range", () => {
  const filter = dateFilterSchema.parse({});
  expect(dateFilterRange(filter, now, "Asia/Hong_Kong")).toBeNull();
});

test("other query parameters are dropped", () => {
  expect(dateFilterSchema.parse({ preset: "7d", category: "concerts", page: "2" })).toEqual({ preset: "7d" });
});

test("an unknown preset is refused with its message key", () => {
  expect(issues({ preset: "fortnight" })).toEqual([{ path: ["preset"], message: DATE_FILTER_MESSAGES.invalidPreset }]);
});

test("a day that is malformed or does not exist is refused with its message key", () => {
  expect(issues({ from: "2025-02-30", to: "2025-03-01" })).toContainEqual({
    path: ["from"],
    message: "dateFilter.invalidDate",
  });
  expect(issues({ from: "2025-03-01", to: "31/03/2025" })).toContainEqual({
    path: ["to"],
    message: "dateFilter.invalidDate",
  });
});

test("a range missing one end is refused at the missing end", () => {
  expect(issues({ from: "2025-03-01" })).toEqual([{ path: ["to"], message: "dateFilter.rangeIncomplete" }]);
  expect(issues({ to: "2025-03-01" })).toEqual([{ path: ["from"], message: "dateFilter.rangeIncomplete" }]);
});

test("a range whose end is before its start is refused at the end", () => {
  expect(issues({ from: "2025-03-10", to: "2025-03-09" })).toEqual([{ path: ["to"], message: "dateFilter.rangeOrder" }]);
});

test("a range that starts and ends on the same day is valid", () => {
  expect(issues({ from: "2025-03-10", to: "2025-03-10" })).toEqual([]);
});

test("a preset together with a range is refused", () => {
  expect(issues({ preset: "week", from: "2025-03-01", to: "2025-03-31" })).toEqual([
    { path: ["preset"], message: "dateFilter.presetAndRange" },
  ]);
});

test("a parsed preset selects the preset's range in the viewer's time zone", () => {
  const filter = dateFilterSchema.parse({ preset: "month" });
  expect(dateFilterRange(filter, now, "America/Los_Angeles")).toEqual(
    datePresetRange("month", now, "America/Los_Angeles"),
  );
});

test("a parsed range selects its days in the viewer's time zone", () => {
  const filter = dateFilterSchema.parse({ from: "2025-03-01", to: "2025-03-02" });
  expect(dateFilterRange(filter, now, "Europe/London")).toEqual(customRange("2025-03-01", "2025-03-02", "Europe/London"));
});
