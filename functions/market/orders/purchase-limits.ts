/**
 * A hot on-sale's purchase limit (docs/decisions.md 304).
 *
 * Rules:
 * - While a session's queue is on (a session_demand row with queue_on = 1), one buyer holds at
 *   most its `ticket_limit` tickets (default 4) in live orders: unpaid inside their 10 minutes, or
 *   paid and not refunded in full (its paying payment refunded, or after-sales refunds reaching
 *   what was paid). A canceled or expired order holds nothing.
 * - "One buyer" is counted four ways, each on its own: the account; the device (the viewer's
 *   deviceId, when there is one); the delivery address of an EXPRESS order (normalised: lower
 *   case, no punctuation, whitespace collapsed); the payment card (the provider's fingerprint of
 *   it, known only when the payment is approved or, with Stripe, authorised: decision 312). Only
 *   SHA-256 hashes are kept, never an address or a card number.
 * - The database decides: each key of an order is one row of session_purchase_keys, inserted by
 *   a guarded INSERT … SELECT in the batch that places the order (the card's in the statement
 *   that approves its payment), which inserts nothing when the key's live tickets and the order's
 *   would pass the limit; the batch then aborts. D1 runs each batch alone, so of any number of
 *   racing orders only those within the limit are placed. A refusal is read afterwards to name
 *   the way the limit was reached.
 * - An order gives its tickets back when it expires, is canceled or is refunded in full: the
 *   guards count live orders only, so that is at once; its rows are deleted then by the order's
 *   own cancel or refund, or by the minute cron's sweep (releasePurchases; an after-sales refund
 *   leaves them to the sweep, as the after-sales folder must not reach into orders).
 */
import { sql, type SQL } from "drizzle-orm";
import { listings, orders, payments, sessionDemand, sessionPurchaseKeys, type PurchaseKeyKind } from "../../db/schema";
import type { MarketContext } from "../context";
import { sha256 } from "../context/crypto";
import { prepare } from "../context/statements";
import type { ShippingAddress } from "../delivery/shipping-address";
import { refundedSoFar } from "../aftersales/rules";
import { MarketError, type CodeName } from "../errors";

/** One way a buyer is counted, by its hash. */
export interface PurchaseKey {
  kind: PurchaseKeyKind;
  hash: string;
}

/** The session's limit while its queue is on. */
export interface PurchaseLimit {
  sessionId: number;
  ticketLimit: number;
}

const REFUSALS: Record<PurchaseKeyKind, CodeName> = {
  account: "purchaseLimitAccount",
  device: "purchaseLimitDevice",
  address: "purchaseLimitAddress",
  card: "purchaseLimitCard",
};

/** The order in which a refusal names the way: the one the buyer can least change first. */
const REFUSAL_ORDER: readonly PurchaseKeyKind[] = ["account", "card", "address", "device"];

/** The abort a guarded batch ends with when an order's keys were not all counted (its message is D1's 'malformed JSON'). */
export const LIMIT_ABORT = /malformed JSON/i;

/** A shipping address as one comparable line: lower case, punctuation dropped, whitespace collapsed. Pure. */
export function normalisedAddress(address: ShippingAddress): string {
  return [address.address, address.district, address.city, address.province, address.postalCode, address.countryRegion]
    .filter((part): part is string => typeof part === "string" && part.length > 0)
    .join(" ")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

async function keyOf(kind: PurchaseKeyKind, value: string): Promise<PurchaseKey> {
  return { kind, hash: await sha256(`${kind}:${value}`) };
}

/** The keys an order is counted by when placed: the account, the device when known, the address of an EXPRESS order. */
export async function orderKeysOf(buyerId: number, deviceId: string | null, address: ShippingAddress | null): Promise<PurchaseKey[]> {
  return Promise.all([
    keyOf("account", String(buyerId)),
    ...(deviceId ? [keyOf("device", deviceId)] : []),
    ...(address ? [keyOf("address", normalisedAddress(address))] : []),
  ]);
}

/** The key of a card, by its provider's fingerprint (never the number). */
export function cardKeyOf(fingerprint: string): Promise<PurchaseKey> {
  return keyOf("card", fingerprint);
}

/**
 * SQL: 1 while the order under alias `o` holds its tickets at `now`: unpaid inside its deadline,
 * or paid with its money not gone back (orders/rules.ts's 'refunded' state).
 */
function holdsTickets(o: string, now: number): SQL {
  const alias = sql.raw(o);
  return sql`((${alias}.status = 'pending_payment' AND ${alias}.expires_at > ${now})
    OR (${alias}.status = 'paid'
      AND NOT EXISTS (SELECT 1 FROM ${payments} AS lp WHERE lp.id = ${alias}.paid_payment_id AND lp.status IN ('refund_pending', 'refunded'))
      AND ${refundedSoFar(sql`${alias}.id`)} < ${alias}.total_amount))`;
}

/** SQL: the live tickets counted against `key` in the session `sessionId` (SQL), other than order `except`'s. */
function heldByKey(sessionId: SQL, key: PurchaseKey, except: SQL, now: number): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(hk.tickets), 0) FROM ${sessionPurchaseKeys} AS hk INNER JOIN ${orders} AS ho ON ho.id = hk.order_id
    WHERE hk.session_id = ${sessionId} AND hk.key_kind = ${key.kind} AND hk.key_hash = ${key.hash} AND hk.order_id <> ${except}
      AND ${holdsTickets("ho", now)})`;
}

/** SQL: inserts `key`'s row for the orders `where` selects (alias o, joined to its queue-on session_demand d), within the limit only. */
function countKey(key: PurchaseKey, where: SQL, now: number): SQL {
  return sql`INSERT INTO ${sessionPurchaseKeys} (order_id, key_kind, session_id, key_hash, tickets)
    SELECT o.id, ${key.kind}, o.session_id, ${key.hash}, o.quantity
    FROM ${orders} AS o INNER JOIN ${sessionDemand} AS d ON d.session_id = o.session_id AND d.queue_on = 1
    WHERE ${where} AND o.quantity + ${heldByKey(sql`o.session_id`, key, sql`o.id`, now)} <= d.ticket_limit`;
}

/**
 * The statements that count a just-placed order (by its order no.) against its keys, for the
 * batch that places it, after the statement that inserts it. Each key's row goes in only within
 * the limit; the last statement aborts the batch (LIMIT_ABORT) when the order was placed in a
 * queue-on session and any key was left out. Nothing happens for a session without the queue on.
 */
export function countOrderStatements(ctx: Pick<MarketContext, "d1">, orderNo: string, keys: readonly PurchaseKey[], now: number): D1PreparedStatement[] {
  return [
    ...keys.map((key) => prepare(ctx.d1, countKey(key, sql`o.order_no = ${orderNo}`, now))),
    prepare(
      ctx.d1,
      sql`SELECT json('over the purchase limit') FROM ${orders} AS o INNER JOIN ${sessionDemand} AS d ON d.session_id = o.session_id AND d.queue_on = 1
          WHERE o.order_no = ${orderNo} AND (SELECT COUNT(*) FROM ${sessionPurchaseKeys} AS ck WHERE ck.order_id = o.id) < ${keys.length}`,
    ),
  ];
}

/**
 * Refuses an order of `quantity` tickets counted by `keys` in a session under `limit` when a key
 * has no room for them (a fresh read: each key's live tickets, other than order `except`'s).
 * Throws the refusal that names the limit and the first way that reached it (data: { ticketLimit,
 * held, countedBy }). Reads only.
 */
export async function refuseAboveLimit(
  ctx: Pick<MarketContext, "db" | "now">,
  limit: PurchaseLimit,
  keys: readonly PurchaseKey[],
  quantity: number,
  except: number | null = null,
): Promise<void> {
  if (keys.length === 0) return;
  const now = ctx.now();
  const [row] = await ctx.db.all<Record<string, number>>(
    sql`SELECT ${sql.join(
      keys.map((key) => sql`${heldByKey(sql`${limit.sessionId}`, key, sql`${except ?? 0}`, now)} AS ${sql.identifier(key.kind)}`),
      sql`, `,
    )}`,
  );
  for (const kind of REFUSAL_ORDER) {
    if (!keys.some((key) => key.kind === kind)) continue;
    const held = Number(row?.[kind] ?? 0);
    if (held + quantity > limit.ticketLimit) {
      throw new MarketError(REFUSALS[kind], {
        params: { count: limit.ticketLimit, held },
        data: { ticketLimit: limit.ticketLimit, held, countedBy: kind },
      });
    }
  }
}

/**
 * Counts the card paying order `orderId` (by its provider's fingerprint), before the money is
 * taken: one guarded statement puts the card's row in within the limit (replacing the card of an
 * earlier attempt). Nothing is counted for an order that is not awaiting payment or whose session
 * has no queue on. Throws purchaseLimitCard (the card reached the limit; data: { ticketLimit,
 * held, countedBy }). Side effects: the order's card row.
 */
export async function countCard(ctx: Pick<MarketContext, "d1" | "db" | "now">, orderId: number, fingerprint: string): Promise<void> {
  const key = await cardKeyOf(fingerprint);
  for (let round = 0; round < 2; round++) {
    const now = ctx.now();
    const counted = await prepare(
      ctx.d1,
      sql`${countKey(key, sql`o.id = ${orderId} AND o.status = 'pending_payment' AND o.expires_at > ${now}`, now)}
          ON CONFLICT (order_id, key_kind) DO UPDATE SET key_hash = excluded.key_hash`,
    ).run();
    if (counted.meta.changes > 0) return;
    const [order] = await ctx.db.all<{ sessionId: number; quantity: number; ticketLimit: number }>(
      sql`SELECT o.session_id AS sessionId, o.quantity AS quantity, d.ticket_limit AS ticketLimit
          FROM ${orders} AS o INNER JOIN ${sessionDemand} AS d ON d.session_id = o.session_id AND d.queue_on = 1
          WHERE o.id = ${orderId} AND o.status = 'pending_payment' AND o.expires_at > ${now}`,
    );
    // Not awaiting payment, or no queue: the payment's own path answers.
    if (!order) return;
    await refuseAboveLimit(ctx, { sessionId: order.sessionId, ticketLimit: order.ticketLimit }, [key], order.quantity, orderId);
  }
  throw new MarketError("orderCreateUnknown");
}

/**
 * The statement that gives back what orders no longer holding their tickets counted (expired,
 * canceled, refunded in full) at `now`: their rows deleted. `orderId` (SQL or a number) limits it to one
 * order; without it, every such order (the cron). Changes nothing for a live order, and nothing
 * the second time.
 */
export function releasePurchases(ctx: Pick<MarketContext, "d1">, now: number, orderId?: SQL | number): D1PreparedStatement {
  const scope = orderId === undefined ? sql`1` : sql`${sessionPurchaseKeys.orderId} = ${orderId}`;
  return prepare(
    ctx.d1,
    sql`DELETE FROM ${sessionPurchaseKeys}
        WHERE ${scope} AND NOT EXISTS (SELECT 1 FROM ${orders} AS ro WHERE ro.id = ${sessionPurchaseKeys.orderId} AND ${holdsTickets("ro", now)})`,
  );
}

/**
 * The session's purchase limit while its queue is on, or null (no limit), for the pages that
 * state it: by the session, or by one of its listings. Reads only.
 */
export async function purchaseLimitOf(ctx: Pick<MarketContext, "db">, of: { sessionId: number } | { listingId: number }): Promise<number | null> {
  const session = "sessionId" in of ? sql`${of.sessionId}` : sql`(SELECT ${listings.sessionId} FROM ${listings} WHERE ${listings.id} = ${of.listingId})`;
  const [row] = await ctx.db.all<{ ticketLimit: number }>(
    sql`SELECT ticket_limit AS ticketLimit FROM ${sessionDemand} WHERE session_id = ${session} AND queue_on = 1`,
  );
  return row ? Number(row.ticketLimit) : null;
}
