import { expect, test } from "vitest";
import { DATE_PRESETS, customRange, datePresetRange } from "../../functions/market/calendar/date-presets";
import { zonedStartOfDay } from "../../functions/market/calendar/zoned-time";

const HONG_KONG = "Asia/Hong_Kong";
const LOS_ANGELES = "America/Los_Angeles";
const LONDON = "Europe/London";
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const range = (from: string, to: string) => ({ from: at(from), to: at(to) });

// Wednesday 5 March 2025, 15:00 in Hong Kong.
const wednesdayInHongKong = at("2025-03-05T07:00:00Z");

test("the next 7, 30 and 60 days run from the start of today", () => {
  expect(datePresetRange("7d", wednesdayInHongKong, HONG_KONG)).toEqual(
    range("2025-03-04T16:00:00Z", "2025-03-11T16:00:00Z"),
  );
  expect(datePresetRange("30d", wednesdayInHongKong, HONG_KONG)).toEqual(
    range("2025-03-04T16:00:00Z", "2025-04-03T16:00:00Z"),
  );
  expect(datePresetRange("60d", wednesdayInHongKong, HONG_KONG)).toEqual(
    range("2025-03-04T16:00:00Z", "2025-05-03T16:00:00Z"),
  );
});

test("this week on a Wednesday runs from today to next Monday 00:00", () => {
  expect(datePresetRange("week", wednesdayInHongKong, HONG_KONG)).toEqual(
    range("2025-03-04T16:00:00Z", "2025-03-09T16:00:00Z"),
  );
});

test("this weekend on a Wednesday is the coming Saturday 00:00 to Monday 00:00", () => {
  expect(datePresetRange("weekend", wednesdayInHongKong, HONG_KONG)).toEqual(
    range("2025-03-07T16:00:00Z", "2025-03-09T16:00:00Z"),
  );
});

test("this week on Sunday night is only what is left of Sunday", () => {
  const sundayNight = at("2025-03-09T15:59:59.999Z"); // 23:59:59.999 in Hong Kong
  expect(datePresetRange("week", sundayNight, HONG_KONG)).toEqual(range("2025-03-08T16:00:00Z", "2025-03-09T16:00:00Z"));
});

test("this weekend on a Sunday is Sunday alone, not the Saturday already past", () => {
  const sundayNight = at("2025-03-09T15:59:59.999Z");
  expect(datePresetRange("weekend", sundayNight, HONG_KONG)).toEqual(
    range("2025-03-08T16:00:00Z", "2025-03-09T16:00:00Z"),
  );
});

test("this weekend on a Saturday is the weekend under way", () => {
  const saturdayNoon = at("2025-03-08T04:00:00Z");
  expect(datePresetRange("weekend", saturdayNoon, HONG_KONG)).toEqual(
    range("2025-03-07T16:00:00Z", "2025-03-09T16:00:00Z"),
  );
});

test("at Monday 00:00 this week is the whole new week", () => {
  const mondayMidnight = at("2025-03-09T16:00:00Z");
  expect(datePresetRange("week", mondayMidnight, HONG_KONG)).toEqual(
    range("2025-03-09T16:00:00Z", "2025-03-16T16:00:00Z"),
  );
});

test("at Monday 00:00 this weekend is the one at the end of the new week", () => {
  const mondayMidnight = at("2025-03-09T16:00:00Z");
  expect(datePresetRange("weekend", mondayMidnight, HONG_KONG)).toEqual(
    range("2025-03-14T16:00:00Z", "2025-03-16T16:00:00Z"),
  );
});

test("this month runs from today to the first of next month", () => {
  expect(datePresetRange("month", wednesdayInHongKong, HONG_KONG)).toEqual(
    range("2025-03-04T16:00:00Z", "2025-03-31T16:00:00Z"),
  );
});

test("this month on the last day of a month is that day alone", () => {
  const lastOfMarch = at("2025-03-31T02:00:00Z");
  expect(datePresetRange("month", lastOfMarch, HONG_KONG)).toEqual(range("2025-03-30T16:00:00Z", "2025-03-31T16:00:00Z"));
});

test("this month in December ends on the first of January of the next year", () => {
  expect(datePresetRange("month", at("2025-12-15T04:00:00Z"), HONG_KONG).to).toBe(at("2025-12-31T16:00:00Z"));
  expect(datePresetRange("month", at("2025-12-31T12:00:00Z"), HONG_KONG)).toEqual(
    range("2025-12-30T16:00:00Z", "2025-12-31T16:00:00Z"),
  );
});

test("this week across New Year ends on the first Monday of January", () => {
  expect(datePresetRange("week", at("2025-12-31T04:00:00Z"), HONG_KONG).to).toBe(at("2026-01-04T16:00:00Z"));
});

test("this month on 28 February of a leap year includes the 29th", () => {
  expect(datePresetRange("month", at("2028-02-28T04:00:00Z"), HONG_KONG)).toEqual(
    range("2028-02-27T16:00:00Z", "2028-02-29T16:00:00Z"),
  );
  expect(datePresetRange("month", at("2028-02-29T04:00:00Z"), HONG_KONG)).toEqual(
    range("2028-02-28T16:00:00Z", "2028-02-29T16:00:00Z"),
  );
});

test("this month on 28 February of a common year is that day alone", () => {
  expect(datePresetRange("month", at("2027-02-28T04:00:00Z"), HONG_KONG)).toEqual(
    range("2027-02-27T16:00:00Z", "2027-02-28T16:00:00Z"),
  );
});

test("the same instant is a Monday week in Hong Kong and the last day of a week in Los Angeles", () => {
  const instant = at("2025-03-03T02:00:00Z"); // Monday 10:00 in Hong Kong, Sunday 18:00 in Los Angeles
  expect(datePresetRange("week", instant, HONG_KONG)).toEqual(range("2025-03-02T16:00:00Z", "2025-03-09T16:00:00Z"));
  expect(datePresetRange("week", instant, LOS_ANGELES)).toEqual(range("2025-03-02T08:00:00Z", "2025-03-03T08:00:00Z"));
  expect(datePresetRange("weekend", instant, HONG_KONG)).toEqual(
    range("2025-03-07T16:00:00Z", "2025-03-09T16:00:00Z"),
  );
  expect(datePresetRange("weekend", instant, LOS_ANGELES)).toEqual(
    range("2025-03-02T08:00:00Z", "2025-03-03T08:00:00Z"),
  );
});

test("the same instant is already April in Hong Kong but still March in Los Angeles", () => {
  const instant = at("2025-03-31T20:00:00Z");
  expect(datePresetRange("month", instant, HONG_KONG)).toEqual(range("2025-03-31T16:00:00Z", "2025-04-30T16:00:00Z"));
  expect(datePresetRange("month", instant, LOS_ANGELES)).toEqual(range("2025-03-31T07:00:00Z", "2025-04-01T07:00:00Z"));
});

test("the London week the clocks go forward ends at Monday 00:00 summer time", () => {
  const wednesday = at("2025-03-26T12:00:00Z");
  const week = datePresetRange("week", wednesday, LONDON);
  expect(week).toEqual(range("2025-03-26T00:00:00Z", "2025-03-30T23:00:00Z"));
  expect(week.to - week.from).toBe(5 * 24 * HOUR - HOUR);
});

test("the London weekend the clocks go forward is 47 hours and the one they go back is 49", () => {
  const spring = datePresetRange("weekend", at("2025-03-26T12:00:00Z"), LONDON);
  expect(spring).toEqual(range("2025-03-29T00:00:00Z", "2025-03-30T23:00:00Z"));
  expect(spring.to - spring.from).toBe(47 * HOUR);
  const autumn = datePresetRange("weekend", at("2025-10-22T12:00:00Z"), LONDON);
  expect(autumn).toEqual(range("2025-10-24T23:00:00Z", "2025-10-27T00:00:00Z"));
  expect(autumn.to - autumn.from).toBe(49 * HOUR);
});

test("late on the Sunday London changes its clocks, this week is the 23 hours of that Sunday", () => {
  const sundayNight = at("2025-03-30T22:30:00Z"); // 23:30 summer time
  expect(datePresetRange("week", sundayNight, LONDON)).toEqual(range("2025-03-30T00:00:00Z", "2025-03-30T23:00:00Z"));
});

test("the next 7 days across Los Angeles' spring change end at midnight daylight time", () => {
  expect(datePresetRange("7d", at("2025-03-06T18:00:00Z"), LOS_ANGELES)).toEqual(
    range("2025-03-06T08:00:00Z", "2025-03-13T07:00:00Z"),
  );
  expect(datePresetRange("60d", at("2025-03-01T20:00:00Z"), LOS_ANGELES)).toEqual(
    range("2025-03-01T08:00:00Z", "2025-04-30T07:00:00Z"),
  );
});

test("every preset runs from a start of day to a start of day and never starts before today", () => {
  for (const timeZone of [HONG_KONG, LOS_ANGELES, LONDON]) {
    for (let instant = at("2025-01-01T00:00:00Z"); instant < at("2026-01-01T00:00:00Z"); instant += 53 * HOUR) {
      const startOfToday = zonedStartOfDay(instant, timeZone);
      for (const preset of DATE_PRESETS) {
        const { from, to } = datePresetRange(preset, instant, timeZone);
        expect(from).toBeGreaterThanOrEqual(startOfToday);
        expect(zonedStartOfDay(from, timeZone)).toBe(from);
        expect(zonedStartOfDay(to, timeZone)).toBe(to);
        expect(to).toBeGreaterThan(from);
        if (preset !== "weekend") expect(instant >= from && instant < to).toBe(true);
      }
    }
  }
});

test("a custom range includes the whole of its last day", () => {
  expect(customRange("2025-03-01", "2025-03-31", HONG_KONG)).toEqual(
    range("2025-02-28T16:00:00Z", "2025-03-31T16:00:00Z"),
  );
  expect(customRange("2025-03-01", "2025-03-31", LOS_ANGELES)).toEqual(
    range("2025-03-01T08:00:00Z", "2025-04-01T07:00:00Z"),
  );
});

test("a custom range of one day is that day, 25 hours long when London falls back", () => {
  const day = customRange("2025-10-26", "2025-10-26", LONDON);
  expect(day).toEqual(range("2025-10-25T23:00:00Z", "2025-10-27T00:00:00Z"));
  expect(day.to - day.from).toBe(25 * HOUR);
});

test("a custom range may end on 29 February of a leap year", () => {
  expect(customRange("2028-02-28", "2028-02-29", HONG_KONG)).toEqual(
    range("2028-02-27T16:00:00Z", "2028-02-29T16:00:00Z"),
  );
});

test("a custom range that ends before it starts is refused", () => {
  expect(() => customRange("2025-03-10", "2025-03-09", HONG_KONG)).toThrow("dateFilter.rangeOrder");
});

test("a custom range with a day that does not exist is refused", () => {
  expect(() => customRange("2025-02-29", "2025-03-09", HONG_KONG)).toThrow("dateFilter.invalidDate");
  expect(() => customRange("2025-03-01", "March 9", HONG_KONG)).toThrow("dateFilter.invalidDate");
});

test("an unknown time zone is refused", () => {
  expect(() => datePresetRange("week", wednesdayInHongKong, "Nowhere/Special")).toThrow(RangeError);
});
