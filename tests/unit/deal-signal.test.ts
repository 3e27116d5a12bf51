import { expect, test } from "vitest";
import { dealSignals, median } from "../../functions/market/listings/deal-signal";

const listing = (listingId: number, allIn: number, zone = "lower") => ({ listingId, zone, allIn });

test("the middle of an even number of prices is the mean of the two middle ones", () => {
  expect(median([100, 300, 200, 400])).toBe(250);
});

test("exactly 20% under the other listings' middle price is a great price, exactly 10% a good one", () => {
  const deals = dealSignals([listing(1, 1000), listing(2, 1000), listing(3, 800), listing(4, 1000), listing(5, 900)]);
  expect(deals.get(3)).toEqual({ level: "great", percentBelow: 20, zoneMedian: 1000, compared: 4 });
  expect(deals.get(5)).toEqual({ level: "good", percentBelow: 10, zoneMedian: 1000, compared: 4 });
  expect(deals.has(1)).toBe(false);
});

test("listings are compared only with their own zone", () => {
  const deals = dealSignals([listing(1, 500, "vip"), listing(2, 1000), listing(3, 1000), listing(4, 1000, "vip")]);
  expect(deals.size).toBe(0);
});
