/**
 * How many tickets of a listing are left, as one SQL expression every query shares, so the rule
 * lives in one place: a listing's quantity minus the tickets of its paid orders and of unpaid
 * orders whose 10-minute hold has not yet passed at `now` (a hold stops counting the moment its
 * deadline passes, whether or not the cron has tidied it). Orders arrive with buying; until
 * then nothing is taken.
 */
import { sql, type SQL } from "drizzle-orm";
import { listings } from "../../db/schema";

export function ticketsLeft(_now: number): SQL<number> {
  return sql<number>`${listings.quantity}`;
}
