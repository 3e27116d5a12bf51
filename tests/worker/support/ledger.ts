/**
 * The money ledger of every order: what left the platform for it (its payment refunded in full,
 * after-sales refunds and compensation granted, the seller's payout paid) never exceeds what its
 * buyer paid. Checked after every test that moves money.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";

export interface LedgerBreach {
  orderId: number;
  moneyIn: number;
  moneyOut: number;
}

/** Every order whose money out exceeds its money in (none, when the ledger holds). */
export async function ledgerBreaches(): Promise<LedgerBreach[]> {
  const { results } = await env.DB.prepare(
    `SELECT o.id AS orderId, o.total_amount AS moneyIn,
        (CASE WHEN EXISTS (SELECT 1 FROM payments p WHERE p.id = o.paid_payment_id AND p.status IN ('refund_pending', 'refunded')) THEN o.total_amount ELSE 0 END)
        + COALESCE((SELECT SUM(COALESCE(c.approved_refund_amount, 0) + COALESCE(c.approved_compensation_amount, 0)) FROM after_sale_cases c
                    WHERE c.order_id = o.id AND c.status IN ('approved', 'refund_pending', 'refunded', 'completed')), 0)
        + COALESCE((SELECT r.amount FROM payout_releases r WHERE r.order_id = o.id), 0) AS moneyOut
     FROM orders o WHERE o.status = 'paid'`,
  ).all<LedgerBreach>();
  return results.filter((row) => row.moneyOut > row.moneyIn);
}

/** Asserts the ledger holds for every order. */
export async function expectLedgerHolds(): Promise<void> {
  expect(await ledgerBreaches()).toEqual([]);
}
