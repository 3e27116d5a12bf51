/**
 * SPEC §3's order no.: what a buyer reads out to support. `OV`, the UTC date it was placed
 * (yymmdd), then 10 random digits: short enough to read aloud, sortable by day, and not a
 * counter that would tell anyone how many orders we take.
 */
import { randomDigits } from "../context/crypto";

export function newOrderNo(now: number): string {
  const day = new Date(now).toISOString().slice(2, 10).replace(/-/g, "");
  return `OV${day}${randomDigits(10)}`;
}
