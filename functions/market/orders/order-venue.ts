/**
 * Where an order's show takes place (SPEC §2 map /map, 'order venue map'): the venue's name,
 * address and coordinates, and its seat map's outline with the order's own section marked, so
 * the buyer sees both how to get there and where they will sit. Drawn from our own data: no
 * map tiles are fetched.
 */
import { asc, eq, getTableColumns } from "drizzle-orm";
import { listings, sessions, venues, venueSections } from "../../db/schema";
import { stageOutline, type StageOutline } from "../venues/seat-maps";
import type { MarketContext } from "../context";
import { getOrder, getOrderForMember, type OrderView } from "./order-views";
import { joinSessionEvent } from "../listings/listing-event";

export interface OrderVenueSection {
  code: string;
  name: string;
  path: string;
  labelX: number;
  labelY: number;
  /** The order's tickets are in this section. */
  mine: boolean;
}

export interface OrderVenue {
  order: { id: number; orderNo: string; title: string; startsAt: number; timeZone: string; section: string };
  venue: { name: string; address: string; cityCode: string; latitude: number; longitude: number };
  map: { width: number; height: number; stage: StageOutline; sections: OrderVenueSection[] };
}

/**
 * The venue of one of the viewer's orders. Throws notLogin for a guest, notFound when the order
 * does not exist or is another account's. No side effects.
 */
export async function orderVenue(ctx: MarketContext, orderId: number): Promise<OrderVenue> {
  return venueOf(ctx, await getOrder(ctx, orderId));
}

/**
 * The venue of an order whose chat the viewer is a member of (the Location page: buyer,
 * provider or support). The caller checks the membership first. Throws notFound.
 */
export async function orderVenueForMember(ctx: MarketContext, orderId: number): Promise<OrderVenue> {
  return venueOf(ctx, await getOrderForMember(ctx, orderId));
}

async function venueOf(ctx: MarketContext, order: OrderView): Promise<OrderVenue> {
  const zh = ctx.viewer.language === "zh-HK";
  const [place] = await joinSessionEvent(
    ctx.db
      .select({ venue: getTableColumns(venues), sectionId: listings.sectionId })
      .from(sessions)
      .$dynamic(),
  )
    .innerJoin(listings, eq(listings.id, order.tickets.listingId))
    .where(eq(sessions.id, order.event.sessionId))
    .limit(1);
  const venue = place!.venue;
  const sections = await ctx.db
    .select()
    .from(venueSections)
    .where(eq(venueSections.venueId, venue.id))
    .orderBy(asc(venueSections.sort), asc(venueSections.id));
  return {
    order: {
      id: order.id,
      orderNo: order.orderNo,
      title: order.event.title,
      startsAt: order.event.startsAt,
      timeZone: order.event.timeZone,
      section: order.tickets.section,
    },
    venue: {
      name: order.event.venueName,
      address: order.event.venueAddress,
      cityCode: venue.cityCode,
      latitude: venue.lat / 1e6,
      longitude: venue.lng / 1e6,
    },
    map: {
      width: venue.mapWidth,
      height: venue.mapHeight,
      stage: stageOutline(venue),
      sections: sections.map((section) => ({
        code: section.code,
        name: zh ? section.nameZh : section.nameEn,
        path: section.path,
        labelX: section.labelX,
        labelY: section.labelY,
        mine: section.id === place!.sectionId,
      })),
    },
  };
}
