/**
 * Issuing and moving Ovation entry tickets, inside the batch that pays an order
 * (payments/apply-event.ts), so a paid ticket never lacks its code and a resold one never has two
 * holders.
 *
 * - An order of a listing with entry codes gets one entry ticket per ticket it bought, each with
 *   a new holder secret, sealed.
 * - An order of a fan resale of such an order takes its tickets over: each moves to the new
 *   order and buyer with a new secret and the next version, in the statement that hands it over,
 *   so the old holder's code stops working at the door from that write on.
 *
 * Secrets are sealed before the batch (WebCrypto cannot run inside D1), so the tickets are read
 * first; the statements themselves decide. Each runs only if this very event paid the order
 * (`guard`), and a move puts its new secret only on the version it was sealed for: a ticket that
 * changed meanwhile is still moved, with no secret (its old code dead all the same), and gets a
 * new one when its holder next opens it (holder.ts).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { entryTickets, listings, listingTerms, orders, payments, users, type PaymentProviderName, ticketChangedAt } from "../../db/schema";
import type { MarketContext } from "../context";
import { seatsOfOrders } from "../listings/seats";
import { newHolderSecret, sealHolderSecret } from "./holder-secret";
import { entrySealingKey } from "./sealing";

/** An order's entry tickets are numbered from its id: at most 99 a order (selling's quantity limit is far below). */
export const TICKETS_PER_ORDER_ID = 100;

export const entryTicketId = (orderId: number, place: number): number => orderId * TICKETS_PER_ORDER_ID + place;

/** The name the door may ask for, until the holder or a transfer gives another: the account's nickname. */
function displayNameOf(user: { nickName: string | null; email: string | null }): string | null {
  return user.nickName || user.email?.split("@")[0] || null;
}

/**
 * The statements that issue or move the entry tickets of the order a payment pays, for the batch
 * that records the payment's event (`guard`: that event is the one applying). Reads what it
 * seals before; nothing for an order whose listing has no entry codes.
 */
export async function entryTicketStatements(
  ctx: MarketContext,
  payment: { provider: PaymentProviderName; providerPaymentId: string },
  guard: SQL,
  now: number,
): Promise<SQL[]> {
  const [order] = await ctx.db
    .select({
      id: orders.id,
      userId: orders.userId,
      listingId: orders.listingId,
      sessionId: orders.sessionId,
      quantity: orders.quantity,
      status: orders.status,
      entryCodes: listings.entryCodes,
      sellerId: listings.sellerId,
      sourceOrderId: listingTerms.sourceOrderId,
      nickName: users.nickName,
      email: users.email,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(listingTerms, eq(listingTerms.listingId, listings.id))
    .where(and(eq(payments.provider, payment.provider), eq(payments.providerPaymentId, payment.providerPaymentId)))
    .limit(1);
  if (!order || !order.entryCodes || order.status !== "pending_payment") return [];
  // This event paid this order: the compare-and-set earlier in the batch took effect for it.
  const paidHere = sql`EXISTS (SELECT 1 FROM ${orders} o INNER JOIN ${payments} p ON p.id = o.paid_payment_id
                        WHERE o.id = ${order.id} AND o.status = 'paid'
                          AND p.provider = ${payment.provider} AND p.provider_payment_id = ${payment.providerPaymentId}) AND ${guard}`;
  const key = await entrySealingKey(ctx);
  const holderName = displayNameOf(order);

  if (order.sourceOrderId !== null) {
    const held = await ctx.db
      .select({ id: entryTickets.id, version: entryTickets.version })
      .from(entryTickets)
      .where(and(eq(entryTickets.orderId, order.sourceOrderId), eq(entryTickets.state, "valid")));
    return Promise.all(
      held.map(async (ticket) => {
        const sealed = await sealHolderSecret(key, ticket.id, ticket.version + 1, newHolderSecret());
        return sql`UPDATE ${entryTickets}
                   SET order_id = ${order.id}, holder_user_id = ${order.userId}, holder_name = ${holderName},
                       sealed_secret = CASE WHEN version = ${ticket.version} THEN ${sealed} ELSE NULL END,
                       version = version + 1, updated_at = ${ticketChangedAt(now)}
                   WHERE id = ${ticket.id} AND order_id = ${order.sourceOrderId} AND state = 'valid' AND ${paidHere}`;
      }),
    );
  }

  const seats = (await seatsOfOrders(ctx, [{ id: order.id, listingId: order.listingId, quantity: order.quantity }])).get(order.id)?.seats ?? null;
  return Promise.all(
    Array.from({ length: order.quantity }, async (_, index) => {
      const id = entryTicketId(order.id, index + 1);
      const sealed = await sealHolderSecret(key, id, 1, newHolderSecret());
      return sql`INSERT INTO ${entryTickets} (id, session_id, issuer_seller_id, order_id, holder_user_id, holder_name, seat_label,
                   version, sealed_secret, state, created_at, updated_at)
                 SELECT ${id}, ${order.sessionId}, ${order.sellerId}, ${order.id}, ${order.userId}, ${holderName}, ${seats?.[index] ?? null},
                   1, ${sealed}, 'valid', ${now}, ${now}
                 WHERE ${paidHere}
                 ON CONFLICT (id) DO NOTHING`;
    }),
  );
}
