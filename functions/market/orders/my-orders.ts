/**
 * My Orders (SPEC §2 myOrder: 'tabs Ongoing and Closed, plus global orders'): the three lists a
 * buyer's orders are kept under on the web, each order with its tour's poster.
 *
 * - ongoing / closed: orders placed on this site (channel web), by orderTabAt's rule.
 * - global: every order placed elsewhere (the native app and the partner channels), whatever
 *   its state, so a buyer who ordered in the app or through a partner still finds it here.
 */
import { inArray } from "drizzle-orm";
import * as z from "zod";
import { tours } from "../../db/schema";
import { pagingSchema, type Page, type Paging } from "../paging";
import { POSTER_COLUMNS, posterUrl } from "../catalog/poster-art";
import type { MarketContext } from "../context";
import { listOrdersWith, type OrderView } from "./order-views";

export const MY_ORDER_SECTIONS = ["ongoing", "closed", "global"] as const;
export type MyOrderSection = (typeof MY_ORDER_SECTIONS)[number];

/** A page of My Orders: `?tab=ongoing|closed|global&page=` (a missing or unknown tab is Ongoing). */
export const myOrdersQuerySchema = pagingSchema.extend({
  tab: z.enum(MY_ORDER_SECTIONS).catch("ongoing"),
});

export type MyOrdersQuery = z.output<typeof myOrdersQuerySchema>;

export interface MyOrder extends OrderView {
  posterUrl: string;
}

/**
 * One page of one My Orders section for the signed-in buyer, newest first. Throws notLogin for
 * a guest. No side effects.
 */
export async function listMyOrders(ctx: MarketContext, input: { section: MyOrderSection; paging: Paging }): Promise<Page<MyOrder>> {
  const filter = input.section === "global" ? { placed: "elsewhere" as const } : { tab: input.section, placed: "web" as const };
  // The posters are read beside the orders' details, from the same rows.
  const { page, extra: posters } = await listOrdersWith(ctx, { ...filter, paging: input.paging }, (rows) => postersOf(ctx, rows.map((row) => row.tourId)));
  return { ...page, list: page.list.map((order) => ({ ...order, posterUrl: posters.get(order.event.tourId) ?? "" })) };
}

/** The poster address of each tour, in the viewer's language. */
async function postersOf(ctx: MarketContext, tourIds: number[]): Promise<Map<number, string>> {
  if (tourIds.length === 0) return new Map();
  const rows = await ctx.db
    .select(POSTER_COLUMNS)
    .from(tours)
    .where(inArray(tours.id, [...new Set(tourIds)]));
  return new Map(rows.map((tour) => [tour.id, posterUrl(tour, ctx.viewer.language)]));
}
