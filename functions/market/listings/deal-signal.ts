/**
 * The deal signal on a listing, in one sentence a buyer can read on tap:
 *
 *   'Great price' when its all-in price is at least 20% below the middle (median) all-in price of
 *   the other tickets in the same zone of this session, 'Good price' when at least 10% below;
 *   compared only when at least 2 other listings are in that zone.
 *
 * Pure: it takes what the buyer sees (all-in per ticket, one currency) and imports nothing, so
 * the screens can show the same rule the server applied.
 */

export const DEAL_LEVELS = ["great", "good"] as const;
export type DealLevel = (typeof DEAL_LEVELS)[number];

/** Percent below the zone's median for each level, best first. */
export const DEAL_THRESHOLDS: readonly { level: DealLevel; percentBelow: number }[] = [
  { level: "great", percentBelow: 20 },
  { level: "good", percentBelow: 10 },
];
/** Fewer other listings than this in the zone and there is nothing fair to compare with. */
export const DEAL_MIN_OTHERS = 2;

export interface DealInput {
  listingId: number;
  zone: string;
  /** All-in per ticket, every listing in the same currency. */
  allIn: number;
}

export interface Deal {
  level: DealLevel;
  /** Whole percent below the median, rounded down (what the explanation shows). */
  percentBelow: number;
  /** The median all-in price of the other listings in the zone. */
  zoneMedian: number;
  /** How many other listings it was compared with. */
  compared: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** The deal of every listing that earns one, by listing id. */
export function dealSignals(offered: readonly DealInput[]): Map<number, Deal> {
  const byZone = new Map<string, DealInput[]>();
  for (const listing of offered) byZone.set(listing.zone, [...(byZone.get(listing.zone) ?? []), listing]);
  const deals = new Map<number, Deal>();
  for (const listing of offered) {
    const others = byZone.get(listing.zone)!.filter((other) => other.listingId !== listing.listingId).map((other) => other.allIn);
    if (others.length < DEAL_MIN_OTHERS) continue;
    const zoneMedian = median(others);
    if (zoneMedian <= 0) continue;
    const percentBelow = Math.floor(((zoneMedian - listing.allIn) * 100) / zoneMedian);
    const threshold = DEAL_THRESHOLDS.find((candidate) => percentBelow >= candidate.percentBelow);
    if (threshold) deals.set(listing.listingId, { level: threshold.level, percentBelow, zoneMedian, compared: others.length });
  }
  return deals;
}

/** Sorting by deal: great, then good, then none; deeper discounts first within a level. */
export function dealRank(deal: Deal | null | undefined): number {
  return deal ? DEAL_THRESHOLDS.findIndex((t) => t.level === deal.level) * 1000 - deal.percentBelow : DEAL_THRESHOLDS.length * 1000;
}
