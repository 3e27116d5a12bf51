/**
 * The ledger: what must hold in the database after anything that moves money or tickets,
 * whatever order the requests arrived in and however often they were repeated. Every worker test
 * ends with `assertLedger()` (ledger-after-each.ts), so a rule broken by any path, old or new,
 * fails the test that broke it.
 *
 * Each rule is one SQL query over the tables as they are, returning the rows that break it, so
 * the failure names the order or listing at fault. The rules read the raw rows, never the
 * domain's views: they check what the domain did, not what it says it did.
 */
import { env } from "cloudflare:test";

interface Rule {
  name: string;
  sql: string;
}

/** Case statuses under which support granted money back (a granted case keeps its amounts). */
const GRANTED_CASE = "('approved', 'refund_pending', 'refunded', 'completed')";

export const LEDGER_RULES: Rule[] = [
  {
    name: "tickets sold from a listing never exceed its quantity",
    sql: `SELECT l.id AS listing_id, l.quantity, SUM(o.quantity) AS sold
          FROM listings l INNER JOIN orders o ON o.listing_id = l.id AND o.status = 'paid'
          GROUP BY l.id HAVING SUM(o.quantity) > l.quantity`,
  },
  {
    name: "a numbered seat is one paid order's at a time",
    sql: `SELECT os.order_id, o.quantity, COUNT(*) AS seats
          FROM order_seats os INNER JOIN orders o ON o.id = os.order_id
          WHERE o.status = 'paid'
          GROUP BY os.order_id HAVING COUNT(*) > o.quantity`,
  },
  {
    name: "an order has at most one live resale",
    sql: `SELECT source_order_id, COUNT(*) AS live FROM listing_terms
          WHERE source_order_id IS NOT NULL AND withdrawn_at IS NULL
          GROUP BY source_order_id HAVING COUNT(*) > 1`,
  },
  {
    name: "a resale never lists more tickets than its source order holds",
    sql: `SELECT t.listing_id, l.quantity AS listed, src.quantity AS held
          FROM listing_terms t INNER JOIN listings l ON l.id = t.listing_id INNER JOIN orders src ON src.id = t.source_order_id
          WHERE l.quantity > src.quantity`,
  },
  {
    name: "tickets sold from a resale never exceed its source order's",
    sql: `SELECT t.source_order_id, src.quantity AS held, SUM(o.quantity) AS sold
          FROM listing_terms t INNER JOIN orders src ON src.id = t.source_order_id
            INNER JOIN orders o ON o.listing_id = t.listing_id AND o.status = 'paid'
          GROUP BY t.source_order_id HAVING SUM(o.quantity) > src.quantity`,
  },
  {
    name: "a resold order is not also refunded",
    sql: `SELECT t.source_order_id FROM listing_terms t
            INNER JOIN orders o ON o.listing_id = t.listing_id AND o.status = 'paid'
            INNER JOIN orders src ON src.id = t.source_order_id
          WHERE EXISTS (SELECT 1 FROM payments p WHERE p.id = src.paid_payment_id AND p.status IN ('refund_pending', 'refunded'))
             OR EXISTS (SELECT 1 FROM after_sale_cases c WHERE c.order_id = src.id AND c.status IN ${GRANTED_CASE}
                          AND COALESCE(c.approved_refund_amount, 0) > 0)`,
  },
  {
    name: "an order is in exactly one state",
    sql: `SELECT id, status FROM orders
          WHERE status NOT IN ('pending_payment', 'paid', 'canceled')
             OR (status = 'paid' AND (paid_at IS NULL OR canceled_at IS NOT NULL))
             OR (status = 'canceled' AND (canceled_at IS NULL OR cancel_reason IS NULL OR paid_payment_id IS NOT NULL))
             OR (status = 'pending_payment' AND (paid_at IS NOT NULL OR canceled_at IS NOT NULL))`,
  },
  {
    name: "an order is paid by one payment, which is its own and was captured",
    sql: `SELECT o.id FROM orders o
          WHERE (SELECT COUNT(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded') > 1
             OR (o.paid_payment_id IS NOT NULL AND NOT EXISTS (
                  SELECT 1 FROM payments p WHERE p.id = o.paid_payment_id AND p.order_id = o.id
                    AND p.succeeded_at IS NOT NULL AND p.amount = o.total_amount AND p.currency_code = o.currency_code))`,
  },
  {
    name: "money is given back only where it was taken",
    sql: `SELECT id, order_id, status FROM payments
          WHERE status IN ('refund_pending', 'refunded') AND succeeded_at IS NULL`,
  },
  {
    name: "a delivery belongs to a paid order, one each",
    sql: `SELECT d.order_id, COUNT(*) AS deliveries FROM deliveries d INNER JOIN orders o ON o.id = d.order_id
          GROUP BY d.order_id HAVING COUNT(*) > 1 OR MAX(o.status) <> 'paid'`,
  },
  {
    name: "money out of an order (refunds, compensation, the seller's payout) never exceeds what its buyer paid",
    sql: `SELECT o.id, o.total_amount,
            (CASE WHEN p.status IN ('refund_pending', 'refunded') THEN p.amount ELSE 0 END)
              + COALESCE((SELECT SUM(COALESCE(c.approved_refund_amount, 0) + COALESCE(c.approved_compensation_amount, 0))
                          FROM after_sale_cases c WHERE c.order_id = o.id AND c.status IN ${GRANTED_CASE}), 0)
              + COALESCE((SELECT SUM(r.amount) FROM payout_releases r WHERE r.order_id = o.id), 0) AS money_out
          FROM orders o INNER JOIN payments p ON p.id = o.paid_payment_id
          WHERE money_out > p.amount`,
  },
  {
    name: "an order has at most one after-sales case open",
    sql: `SELECT order_id, COUNT(*) AS open FROM after_sale_cases
          WHERE status IN ('submitted', 'approved', 'refund_pending')
          GROUP BY order_id HAVING COUNT(*) > 1`,
  },
];

/** Every rule's offending rows, by rule name (empty when the ledger holds). */
export async function ledgerBreaches(): Promise<Record<string, unknown[]>> {
  const breaches: Record<string, unknown[]> = {};
  const answers = await env.DB.batch(LEDGER_RULES.map((rule) => env.DB.prepare(rule.sql)));
  answers.forEach((answer, i) => {
    if (answer.results.length > 0) breaches[LEDGER_RULES[i].name] = answer.results;
  });
  return breaches;
}

/** Throws, naming each broken rule and its rows, unless the ledger holds (also mid-test, between steps). */
export async function assertLedger(): Promise<void> {
  const breaches = await ledgerBreaches();
  const names = Object.keys(breaches);
  if (names.length > 0) throw new Error(`ledger broken:\n${names.map((name) => `- ${name}: ${JSON.stringify(breaches[name])}`).join("\n")}`);
}

export { assertLedger as expectLedgerHolds };
