/**
 * How a listing's tickets may be split between buyers (schema SPLIT_RULES). The seller's point
 * is never to be left with one ticket nobody wants alone:
 *
 * - `any`: any quantity up to what is left.
 * - `no_single`: any quantity that does not leave exactly one ticket behind.
 * - `pairs`: even quantities that do not leave exactly one behind.
 * - `all`: only everything that is left.
 *
 * Taking everything that is left is always allowed (it leaves nothing behind), so a listing
 * never gets stuck with tickets its own rule forbids selling.
 *
 * The rule is written twice, once for the screens (allowedQuantities) and once as SQL for the
 * statement that places an order (splitAllows), and both are tested against each other.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SplitRule } from "../../db/schema";

/** True when buying `quantity` of `left` tickets keeps the listing's split rule. */
export function splitAllowsQuantity(splitRule: SplitRule, left: number, quantity: number): boolean {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) return false;
  if (quantity === left) return true;
  const rest = left - quantity;
  switch (splitRule) {
    case "any":
      return true;
    case "no_single":
      return rest !== 1;
    case "pairs":
      return quantity % 2 === 0 && rest !== 1;
    case "all":
      return false;
  }
}

/**
 * The quantities a buyer may choose from a listing with `left` tickets, ascending; empty when
 * none are left. For the quantity picker.
 */
export function allowedQuantities(listing: { splitRule: SplitRule }, left: number): number[] {
  const quantities: number[] = [];
  for (let quantity = 1; quantity <= left; quantity++) {
    if (splitAllowsQuantity(listing.splitRule, left, quantity)) quantities.push(quantity);
  }
  return quantities;
}

/**
 * splitAllowsQuantity as an SQL condition over a split-rule column and a tickets-left
 * expression, for the statement that takes tickets.
 */
export function splitAllows(splitRule: SQL, left: SQL, quantity: number | Placeholder): SQL {
  return sql`(${quantity} >= 1 AND (${quantity} = ${left} OR (${quantity} < ${left} AND (
    ${splitRule} = 'any'
    OR (${splitRule} = 'no_single' AND ${left} - ${quantity} <> 1)
    OR (${splitRule} = 'pairs' AND ${quantity} % 2 = 0 AND ${left} - ${quantity} <> 1)))))`;
}
