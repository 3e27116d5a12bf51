/**
 * schema.org Event data for a tour's upcoming sessions, as Google's event structured data asks
 * (developers.google.com/search/docs/appearance/structured-data/event): one Event per session,
 * each with its own start in the venue's UTC offset, its status, the venue as a Place with a
 * postal address, the tour's preview card as image, the artist as performer and organizer (the
 * catalog records no promoter), and one Offer with the lowest all-in
 * price in the viewer's currency, its availability and the seat page that sells it.
 */
import { zonedIso } from "../calendar/zoned-time";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { loadReference, type Reference } from "../reference";
import { tourDetail, type TourDetail, type TourSession } from "./tour-detail";

export type StructuredEvent = Record<string, unknown>;

/** A minor-unit amount as the decimal string schema.org wants ("480.00"). */
function decimal(amountMinor: number, minorUnits: number): string {
  return (amountMinor / 10 ** minorUnits).toFixed(minorUnits);
}

export interface EventDataInputs {
  tour: TourDetail;
  reference: Pick<Reference, "locationByCode" | "currencyByCode">;
  /** The site's origin (https://www.example.com): every URL in the data is absolute. */
  origin: string;
  language: Language;
}

function offerOf(session: TourSession, inputs: EventDataInputs, zone: string) {
  const url = `${inputs.origin}/pick-seat?sessionId=${session.sessionId}&lang=${inputs.language}`;
  if (session.status === "PENDING") {
    // Not on sale yet: Google asks for validFrom and no availability.
    return { "@type": "Offer", url, validFrom: zonedIso(session.saleStartsAt, zone) };
  }
  const price = session.lowestPrice?.allIn;
  if (!price) return { "@type": "Offer", url, availability: "https://schema.org/SoldOut" };
  const minorUnits = inputs.reference.currencyByCode.get(price.currency)?.minorUnits ?? 2;
  return { "@type": "Offer", url, price: decimal(price.amount, minorUnits), priceCurrency: price.currency, availability: "https://schema.org/InStock" };
}

/** One Event per upcoming session of the tour (none for a tour with no upcoming date). */
export function tourEventData(inputs: EventDataInputs): StructuredEvent[] {
  const { tour, origin, reference } = inputs;
  const tourUrl = `${origin}/tourDetail?id=${tour.id}&lang=${inputs.language}`;
  const image = tour.shareImageUrl ? [`${origin}${tour.shareImageUrl}`] : [];
  const performer = { "@type": "PerformingGroup", name: tour.artist };
  return tour.upcoming.flatMap((group) =>
    group.sessions.map((session) => {
      const venue = tour.venues.find((v) => v.id === session.venue.id);
      const country = reference.locationByCode.get(session.city.code)?.parentCode ?? session.city.code;
      return {
        "@context": "https://schema.org",
        "@type": "Event",
        name: tour.title,
        description: tour.description,
        startDate: zonedIso(session.startsAt, session.timeZone),
        eventStatus: session.status === "CANCEL" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: {
          "@type": "Place",
          name: session.venue.name,
          address: { "@type": "PostalAddress", streetAddress: venue?.address ?? session.venue.name, addressLocality: session.city.name, addressCountry: country },
        },
        image,
        performer,
        organizer: { "@type": "PerformingGroup", name: tour.artist, url: tourUrl },
        offers: offerOf(session, inputs, session.timeZone),
        url: `${origin}/pick-seat?sessionId=${session.sessionId}&lang=${inputs.language}`,
      };
    }),
  );
}

/** The Events of a tour already read for the viewer (its language and currency). Reads reference data only. */
export async function tourEvents(ctx: MarketContext, tour: TourDetail, origin: string): Promise<StructuredEvent[]> {
  return tourEventData({ tour, reference: await loadReference(ctx), origin, language: ctx.viewer.language });
}

/**
 * The Event of one upcoming session of tour `tourId` (the seat page's), or none when the session
 * is past. Throws notFound like tourDetail.
 */
export async function sessionEvents(ctx: MarketContext, tourId: number, sessionId: number, origin: string): Promise<StructuredEvent[]> {
  const tour = await tourDetail(ctx, tourId);
  const upcoming = tour.upcoming
    .map((group) => ({ ...group, sessions: group.sessions.filter((session) => session.sessionId === sessionId) }))
    .filter((group) => group.sessions.length > 0);
  return tourEvents(ctx, { ...tour, upcoming }, origin);
}
