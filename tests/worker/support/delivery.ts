/**
 * Factories for delivery tests: an order of any delivery method paid through the sandbox (so its
 * delivery is made by the real payment batch), the provider of its listing, another provider,
 * a support account, a tiny PDF, and session headers for calling the API as any of them.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import * as schema from "../../../functions/db/schema";
import type { DeliveryMethod } from "../../../functions/db/schema";
import { openSession } from "../../../functions/market/accounts/sessions";
import { createMarketContext } from "../../../functions/wiring";
import { DEFAULT_VIEWER } from "../../../functions/market/context/viewer";
import { createOrder } from "../../../functions/market/orders";
import { ADDRESS, clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox, testDb } from "./buying";
import { supportOn } from "./after-sales";

export { supportOn };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An account acting as the provider (seller role) of `sellerId`. */
export async function providerOf(sellerId: number, clock: { now: () => number }) {
  const userId = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId, role: "seller", sellerId, createdAt: clock.now() });
  return { userId, market: marketFor(userId, clock) };
}

export interface PaidDeliveryOptions {
  method?: DeliveryMethod;
  /** E_TICKET: the provider uploaded the e-ticket with the listing. */
  eTicketReady?: boolean;
  /** How long after the clock's start the show begins (30 days unless given). */
  startsInMs?: number;
  /** Leave the order unpaid. */
  unpaid?: boolean;
  /** The clock's start (T0 unless given; API tests pass the real now, which the API reads). */
  at?: number;
}

/** A buyer's order of a fresh listing, paid (so with its delivery), with the listing's provider and a support account. */
export async function paidDelivery(options: PaidDeliveryOptions = {}) {
  const clock = clockAt(options.at);
  const method = options.method ?? "E_TICKET";
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const startsAt = clock.now() + (options.startsInMs ?? 30 * DAY);
  const { listingId } = await makeListing({ deliveryMethod: method, startsAt, saleEndsAt: startsAt - MINUTE });
  if (options.eTicketReady) await testDb.update(schema.listings).set({ eTicketReady: true }).where(eq(schema.listings.id, listingId));
  const [listing] = await testDb.select({ sellerId: schema.listings.sellerId }).from(schema.listings).where(eq(schema.listings.id, listingId));
  const order = await createOrder(buyer, {
    ...CONTACT,
    contactEmail: `buyer-${crypto.randomUUID()}@example.com`,
    listingId,
    quantity: 2,
    ...(method === "EXPRESS" ? { shippingAddress: ADDRESS } : {}),
  });
  if (!options.unpaid) await paySandbox(buyer, clock, order);
  const provider = await providerOf(listing.sellerId, clock);
  const support = await supportOn(clock);
  return { clock, startsAt, buyerId, buyer, order, orderId: order.id, listingId, sellerId: listing.sellerId, provider, support };
}

/** A provider of some other seller. */
export async function otherProvider(clock: { now: () => number }) {
  const [seller] = await testDb.insert(schema.sellers).values({ nickname: "Other Seller", phone: "85261111111", createdAt: clock.now() }).returning();
  return providerOf(seller.id, clock);
}

/** The delivery row as stored. */
export async function deliveryRow(orderId: number) {
  const [row] = await testDb.select().from(schema.deliveries).where(eq(schema.deliveries.orderId, orderId));
  return row;
}

/** A small but real PDF. */
export function pdfBytes(text = "ticket"): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** What a native app sends to act as `userId` through the API. */
export async function tokenHeaders(userId: number): Promise<Record<string, string>> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { "access-token": session.token };
}
