import { expect, test } from "vitest";
import { calendarText, firstCalendarMonth } from "../../app/routes/show-list/date-filter-words";
import { showDates, tourCardDates, withWrittenDates } from "../../app/i18n/show-dates";
import { sessionTimesOf, withWrittenTimes } from "../../app/i18n/session-time";

// 20:00 in Tokyo on 12 July 2026 is 11:00 UTC; the last show is 3 August in London (19:30 BST).
const TOKYO_JUL_12 = { at: Date.UTC(2026, 6, 12, 11), timeZone: "Asia/Tokyo" };
const LONDON_AUG_3 = { at: Date.UTC(2026, 7, 3, 18, 30), timeZone: "Europe/London" };
// 00:30 on 1 August in Hong Kong is still 31 July in UTC: the venue's day is the one written.
const HONG_KONG_AUG_1_EARLY = Date.UTC(2026, 6, 31, 16, 30);

const onSale = { headline: "ONSALE" as const, onSaleShows: 2, pendingShows: 0, saleStartsAt: null };

test("a card's dates run from its first show to its last, each on its venue's own day", () => {
  const tour = { firstSession: TOKYO_JUL_12, lastSession: LONDON_AUG_3, status: onSale };
  expect(tourCardDates(tour, showDates("en-US"))).toEqual({ when: "Jul 12 – Aug 3", onSaleOn: null });
  expect(tourCardDates(tour, showDates("zh-HK"))).toEqual({ when: "7月12日 – 8月3日", onSaleOn: null });
});

test("one show, or none to come, is one day or nothing", () => {
  expect(tourCardDates({ firstSession: TOKYO_JUL_12, lastSession: TOKYO_JUL_12, status: onSale }, showDates("en-US")).when).toBe("Jul 12");
  expect(tourCardDates({ firstSession: null, lastSession: null, status: onSale }, showDates("en-US")).when).toBeNull();
});

test("a tour whose sales have yet to open says the day they open, in its first venue's zone", () => {
  const pending = { headline: "PENDING" as const, onSaleShows: 0, pendingShows: 1, saleStartsAt: HONG_KONG_AUG_1_EARLY };
  const tour = { firstSession: { at: Date.UTC(2026, 8, 1, 12), timeZone: "Asia/Hong_Kong" }, lastSession: null, status: pending };
  expect(tourCardDates(tour, showDates("en-US")).onSaleOn).toBe("Aug 1");
});

test("a loader's tours keep everything they had and gain their written dates", () => {
  const tour = { id: 7, title: "AFTERGLOW", firstSession: TOKYO_JUL_12, lastSession: LONDON_AUG_3, status: onSale };
  expect(withWrittenDates([tour], "en-US")).toEqual([{ ...tour, dates: { when: "Jul 12 – Aug 3", onSaleOn: null } }]);
});

test("a month's calendar words: its title, the weekdays from Monday, and each day's full name", () => {
  const november = calendarText(2026, 11, "en-US");
  expect(november.title).toBe("November 2026");
  expect(november.weekdays).toEqual(["M", "T", "W", "T", "F", "S", "S"]);
  expect(november.days).toHaveLength(30);
  expect(november.days[0]).toBe("Sunday, November 1, 2026");
  expect(calendarText(2027, 2, "zh-HK")).toMatchObject({ title: "2027年2月", days: expect.arrayContaining(["2027年2月28日星期日"]) });
  expect(calendarText(2027, 2, "zh-HK").days).toHaveLength(28);
});

test("the calendar opens on the chosen range's month, else today's", () => {
  expect(firstCalendarMonth({ from: "2027-03-14", to: "2027-03-20" }, "2026-11-28")).toEqual({ year: 2027, month: 3 });
  expect(firstCalendarMonth({}, "2026-11-28")).toEqual({ year: 2026, month: 11 });
});

test("a row's times are the loader's when written, else written on reading", () => {
  const session = { startsAt: TOKYO_JUL_12.at, timeZone: "Asia/Tokyo", saleStartsAt: null };
  const written = withWrittenTimes(session, "en-US");
  expect(written.written).toEqual({
    when: { iso: "2026-07-12T11:00:00.000Z", weekday: "Sun", day: "12", month: "Jul", dayLabel: "Sun, Jul 12", time: "8:00 PM", date: "Sun, Jul 12, 2026" },
    saleOpens: null,
  });
  expect(sessionTimesOf(written, "zh-HK")).toBe(written.written);
  const pending = sessionTimesOf({ startsAt: TOKYO_JUL_12.at, timeZone: "Asia/Hong_Kong", saleStartsAt: HONG_KONG_AUG_1_EARLY }, "en-US");
  expect(pending.when.time).toBe("7:00 PM");
  expect(pending.saleOpens).toBe("Aug 1, 12:30 AM");
});
