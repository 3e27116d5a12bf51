/**
 * Small factories for buying: the fewest catalog rows a listing needs, buyers, and a market
 * context on a clock the test moves, and paying an order through the sandbox. Every factory makes fresh rows, so tests never share them.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import * as schema from "../../../functions/db/schema";
import type { DeliveryMethod, ShowStatus, SplitRule } from "../../../functions/db/schema";
import { createMarketContext, type MarketContext } from "../../../functions/wiring";
import { DEFAULT_VIEWER, type Viewer } from "../../../functions/market/context/viewer";
import { drizzle } from "drizzle-orm/d1";
import { sandboxCallback } from "../../../functions/integrations/payment";
import { ticketsLeft } from "../../../functions/market/listings/availability";
import type { OrderView } from "../../../functions/market/orders";
import { paymentCallbackUrl, receivePaymentCallback, startPayment } from "../../../functions/market/payments";
import { forgetKeptReads } from "../../../functions/market/context/kept";

/**
 * The test's own hand on D1. A row written here goes behind the product's write paths, which move
 * a session's inventory version in the same batch (decision 269): so every statement written here
 * also drops the reads the Worker keeps (session offers, home's floors), as if their version had moved.
 */
const byHand = {
  prepare: (query: string) => {
    if (!/^\s*select\b/i.test(query)) forgetKeptReads();
    return env.DB.prepare(query);
  },
  batch: (statements: D1PreparedStatement[]) => {
    forgetKeptReads();
    return env.DB.batch(statements);
  },
} as unknown as D1Database;
const db = drizzle(byHand, { schema });

/** A Wednesday morning in Hong Kong; sessions are a month later. */
export const T0 = Date.parse("2026-11-18T02:00:00Z");
const DAY = 24 * 60 * 60_000;

export { ADDRESS, CONTACT } from "../../support/buyer-details";


/** A clock a test moves by hand. */
export function clockAt(start = T0) {
  const clock = { time: start, now: () => clock.time, advance: (ms: number) => (clock.time += ms) };
  return clock;
}

let sequence = 0;
const next = () => ++sequence + Math.floor(Math.random() * 1_000_000) * 1_000;

/** Currencies the conversions need, at fixed rates (HKD 7.8 and JPY 150 per USD). */
export async function seedCurrencies() {
  await db
    .insert(schema.currencies)
    .values([
      { code: "HKD", nameEn: "HongKong Dollars", nameZh: "港幣", symbol: "HK$", minorUnits: 2, perUsdMicros: 7_800_000, sort: 1 },
      { code: "USD", nameEn: "US Dollars", nameZh: "美元", symbol: "US$", minorUnits: 2, perUsdMicros: 1_000_000, sort: 2 },
      { code: "JPY", nameEn: "Japanese Yen", nameZh: "日圓", symbol: "¥", minorUnits: 0, perUsdMicros: 150_000_000, sort: 3 },
    ])
    .onConflictDoNothing();
}

export interface ListingOptions {
  quantity?: number;
  splitRule?: SplitRule;
  priceMinor?: number;
  currencyCode?: string;
  deliveryMethod?: DeliveryMethod;
  showStatus?: ShowStatus;
  startsAt?: number;
  saleEndsAt?: number;
  /** Another listing of an existing session. */
  sessionId?: number;
}

/** A listing of a fresh show (or of `sessionId`'s), on sale a month from T0. */
export async function makeListing(options: ListingOptions = {}) {
  await seedCurrencies();
  let sessionId = options.sessionId;
  let venueId: number;
  if (sessionId === undefined) {
    const n = next();
    const [category] = await db
      .insert(schema.categories)
      .values({ slug: `concerts-${n}`, nameEn: "Concerts", nameZh: "演唱會" })
      .returning();
    const [tour] = await db
      .insert(schema.tours)
      .values({
        slug: `tour-${n}`,
        categoryId: category.id,
        titleEn: `Night Tour ${n}`,
        titleZh: `夜之巡演 ${n}`,
        artistEn: "The Lanterns",
        artistZh: "燈籠樂隊",
        descriptionEn: "A night of songs.",
        descriptionZh: "一夜的歌。",
        posterSeed: n,
        posterPalette: "dusk",
        createdAt: T0 - DAY,
      })
      .returning();
    const [venue] = await db
      .insert(schema.venues)
      .values({
        cityCode: "HKG",
        nameEn: "Harbour Arena",
        nameZh: "海港體育館",
        addressEn: "1 Arena Road",
        addressZh: "體育館道1號",
        timeZone: "Asia/Hong_Kong",
        kind: "arena",
        capacity: 10_000,
        lat: 22_300_000,
        lng: 114_170_000,
        mapWidth: 1000,
        mapHeight: 800,
      })
      .returning();
    venueId = venue.id;
    const [show] = await db
      .insert(schema.shows)
      .values({ tourId: tour.id, venueId: venue.id, cityCode: "HKG", status: options.showStatus ?? "ONSALE", saleStartsAt: T0 - 7 * DAY })
      .returning();
    const startsAt = options.startsAt ?? T0 + 30 * DAY;
    const [session] = await db
      .insert(schema.sessions)
      .values({ showId: show.id, startsAt, saleEndsAt: options.saleEndsAt ?? startsAt - 60 * 60_000 })
      .returning();
    sessionId = session.id;
  } else {
    const [row] = await db
      .select({ venueId: schema.shows.venueId })
      .from(schema.sessions)
      .innerJoin(schema.shows, eq(schema.shows.id, schema.sessions.showId))
      .where(eq(schema.sessions.id, sessionId));
    venueId = row.venueId;
  }
  const [section] = await db
    .insert(schema.venueSections)
    .values({
      venueId,
      code: `A${next()}`,
      nameEn: "Section A",
      nameZh: "A區",
      zone: "lower",
      path: "M0 0h10v10h-10z",
      labelX: 5,
      labelY: 5,
      rows: 20,
      seatsPerRow: 30,
    })
    .returning();
  const [seller] = await db.insert(schema.sellers).values({ nickname: "Ticket Fox", phone: "85260000000", createdAt: T0 - DAY }).returning();
  const [listing] = await db
    .insert(schema.listings)
    .values({
      sessionId,
      sellerId: seller.id,
      sectionId: section.id,
      rowLabel: "F",
      seatFrom: 11,
      quantity: options.quantity ?? 4,
      priceMinor: options.priceMinor ?? 100_000,
      faceValueMinor: 88_000,
      currencyCode: options.currencyCode ?? "HKD",
      deliveryMethod: options.deliveryMethod ?? "E_TICKET",
      splitRule: options.splitRule ?? "any",
      listedAt: T0 - DAY,
    })
    .returning();
  return { listingId: listing.id, sessionId };
}

/** A buyer's account. */
export async function makeBuyer(options: { language?: string } = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({
      email: `buyer-${crypto.randomUUID()}@example.com`,
      defaultLanguage: options.language ?? "en-US",
      createdAt: T0 - DAY,
      updatedAt: T0 - DAY,
    })
    .returning();
  return user.id;
}

/** A market context acting for `userId` (a guest when null) on `clock`, outside production. */
export function marketFor(userId: number | null, clock: { now: () => number }, viewer: Partial<Viewer> = {}): MarketContext {
  return createMarketContext({
    env,
    now: clock.now,
    viewer: { ...DEFAULT_VIEWER, environment: "dev", requestId: "test", ...viewer, userId },
  });
}

const ORIGIN = "http://localhost";

/** Pays an unpaid order through the sandbox's signed callback, as the hosted page does. */
export async function paySandbox(buyer: MarketContext, clock: { now: () => number }, order: OrderView): Promise<void> {
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const callback = await sandboxCallback(env, {
    callbackUrl: paymentCallbackUrl(ORIGIN, "sandbox"),
    providerPaymentId: new URL(started.redirectUrl ?? "").searchParams.get("payment") ?? "",
    outcome: "succeeded",
    amount: order.price.total,
    currency: order.price.currency,
    now: clock.now(),
  });
  const applied = await receivePaymentCallback(buyer, "sandbox", callback);
  if (applied?.outcome !== "paid") throw new Error(`order not paid: ${JSON.stringify(applied)}`);
}

/** Tickets of a listing left at an instant, read the way every screen reads them. */
export async function ticketsLeftAt(listingId: number, now: number): Promise<number> {
  const [row] = await db.select({ left: ticketsLeft(now) }).from(schema.listings).where(eq(schema.listings.id, listingId));
  return row.left;
}

export { db as testDb };
