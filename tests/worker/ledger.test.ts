/**
 * The ledger (support/ledger.ts) runs after every worker test; these prove each of its rules can
 * fail. Each test breaks one rule by hand on an order paid through the real sandbox path, reads
 * the breaches, and puts the rows back so the test's own closing check passes. Where a rule is
 * also kept by the schema (a unique index, a constraint), the database refusing the broken row
 * is as good as the ledger naming it.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { paidOrder } from "./support/after-sales";
import { ledgerBreaches } from "./support/ledger";

/** Runs `breaking`, returns the names of the rules then broken (or "refused by the database"), and runs `mending`. */
async function brokenBy(breaking: string[], mending: string[]): Promise<string[]> {
  try {
    await env.DB.batch(breaking.map((statement) => env.DB.prepare(statement)));
  } catch (error) {
    if (/constraint|UNIQUE|CHECK/i.test(String(error))) return ["refused by the database"];
    throw error;
  }
  const names = Object.keys(await ledgerBreaches());
  await env.DB.batch(mending.map((statement) => env.DB.prepare(statement)));
  return names;
}

test("the ledger holds on an order paid through the sandbox", async () => {
  await paidOrder();
  expect(await ledgerBreaches()).toEqual({});
});

test("selling more tickets than a listing has breaks the ledger", async () => {
  const { order } = await paidOrder();
  const listingId = (await env.DB.prepare("SELECT listing_id FROM orders WHERE id = ?").bind(order.id).first<{ listing_id: number }>())!.listing_id;
  const quantity = (await env.DB.prepare("SELECT quantity FROM listings WHERE id = ?").bind(listingId).first<{ quantity: number }>())!.quantity;
  expect(await brokenBy([`UPDATE listings SET quantity = 1 WHERE id = ${listingId}`], [`UPDATE listings SET quantity = ${quantity} WHERE id = ${listingId}`])).toEqual([
    "tickets sold from a listing never exceed its quantity",
  ]);
});

test("an order holding more seats than tickets breaks the ledger", async () => {
  const { order } = await paidOrder();
  const listingId = (await env.DB.prepare("SELECT listing_id FROM orders WHERE id = ?").bind(order.id).first<{ listing_id: number }>())!.listing_id;
  const seats = [900, 901, 902].map((position) => `INSERT INTO order_seats (listing_id, position, order_id) VALUES (${listingId}, ${position}, ${order.id})`);
  expect(await brokenBy(seats, [`DELETE FROM order_seats WHERE listing_id = ${listingId} AND position >= 900`])).toEqual(["a numbered seat is one paid order's at a time"]);
});

test("a paid order that also reads as canceled breaks the ledger", async () => {
  const { order } = await paidOrder();
  expect(await brokenBy([`UPDATE orders SET canceled_at = 1 WHERE id = ${order.id}`], [`UPDATE orders SET canceled_at = NULL WHERE id = ${order.id}`])).toEqual([
    "an order is in exactly one state",
  ]);
});

test("an order paid by a payment of another amount breaks the ledger", async () => {
  const { order } = await paidOrder();
  expect(
    await brokenBy(
      [`UPDATE payments SET amount = amount + 1 WHERE order_id = ${order.id}`],
      [`UPDATE payments SET amount = amount - 1 WHERE order_id = ${order.id}`],
    ),
  ).toEqual(["an order is paid by one payment, which is its own and was captured"]);
});

test("a refund of money never taken breaks the ledger", async () => {
  const { order } = await paidOrder({ paid: false });
  await env.DB.prepare(
    `INSERT INTO payments (order_id, user_id, provider, provider_payment_id, amount, currency_code, status, created_at, updated_at)
     SELECT id, user_id, 'sandbox', 'never-captured', total_amount, currency_code, 'refunded', 1, 1 FROM orders WHERE id = ?`,
  )
    .bind(order.id)
    .run();
  expect(Object.keys(await ledgerBreaches())).toEqual(["money is given back only where it was taken"]);
  await env.DB.prepare("DELETE FROM payments WHERE provider_payment_id = 'never-captured'").run();
});

/** An after-sales case row on `orderId` with the given status and amounts granted. */
function caseRow(orderId: number, caseNo: string, status: string, refund: number, compensation: number): string {
  return `INSERT INTO after_sale_cases (case_no, order_id, user_id, kind, status, reason, refund_amount, compensation_amount, currency_code,
            approved_refund_amount, approved_compensation_amount, account_currency, recipient_name, created_at, updated_at)
          SELECT '${caseNo}', id, user_id, 'refund', '${status}', 'test', ${refund}, ${compensation}, currency_code, ${refund}, ${compensation},
            'HKD', 'Mei Chan', 1, 1 FROM orders WHERE id = ${orderId}`;
}

test("giving back one minor unit more than the buyer paid breaks the ledger, and exactly what was paid does not", async () => {
  const { order } = await paidOrder();
  const total = order.price.total;
  expect(await brokenBy([caseRow(order.id, "LEDGER-EXACT", "approved", total - 10_000, 10_000)], [`DELETE FROM after_sale_cases WHERE case_no = 'LEDGER-EXACT'`])).toEqual([]);
  expect(await brokenBy([caseRow(order.id, "LEDGER-OVER", "approved", total - 10_000, 10_001)], [`DELETE FROM after_sale_cases WHERE case_no = 'LEDGER-OVER'`])).toEqual([
    "money out of an order (refunds, compensation, the seller's payout) never exceeds what its buyer paid",
  ]);
});

test("two open after-sales cases on one order break the ledger or are refused", async () => {
  const { order } = await paidOrder();
  const names = await brokenBy(
    [caseRow(order.id, "LEDGER-A", "submitted", 0, 0), caseRow(order.id, "LEDGER-B", "submitted", 0, 0)],
    [`DELETE FROM after_sale_cases WHERE case_no IN ('LEDGER-A', 'LEDGER-B')`],
  );
  expect(names).toContainEqual(expect.stringMatching(/^(an order has at most one after-sales case open|refused by the database)$/));
  expect(names).toHaveLength(1);
});
