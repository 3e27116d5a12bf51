import { expect, test } from "vitest";
import { showDates, tourCardDates, withWrittenDates } from "../../app/i18n/show-dates";

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
