import { expect, test } from "vitest";
import { tourEventData } from "../../functions/market/catalog/event-structured-data";
import type { TourDetail, TourSession } from "../../functions/market/catalog/tour-detail";
import { zonedIso } from "../../functions/market/calendar/zoned-time";

const reference = {
  locationByCode: new Map([["HK-HKG", { parentCode: "HK" }]]) as never,
  currencyByCode: new Map([["HKD", { minorUnits: 2 }], ["JPY", { minorUnits: 0 }]]) as never,
};

function session(overrides: Partial<TourSession>): TourSession {
  return {
    sessionId: 11,
    showId: 3,
    startsAt: Date.parse("2026-12-01T12:00:00Z"),
    timeZone: "Asia/Hong_Kong",
    status: "ONSALE",
    saleStartsAt: Date.parse("2026-10-01T02:00:00Z"),
    venue: { id: 5, name: "Hong Kong Coliseum" },
    city: { code: "HK-HKG", name: "Hong Kong" },
    lowestPrice: { allIn: { amount: 48_050, currency: "HKD" }, faceValue: { amount: 40_000, currency: "HKD" }, comparedToFace: "above" },
    ...overrides,
  };
}

function tour(sessions: TourSession[]): TourDetail {
  return {
    id: 1,
    title: "Neon Skyline Tour",
    artist: "The Lanterns",
    description: "An evening of synth pop.",
    posterUrl: "/media/poster/1.svg?lan=en-US&v=x",
    shareImageUrl: "/media/og/1.png?v=abc",
    category: { id: 1, name: "Concerts" },
    tags: [],
    venues: [{ id: 5, name: "Hong Kong Coliseum", address: "9 Cheong Wan Road, Hung Hom", city: "Hong Kong" }],
    upcoming: [{ city: { code: "HK-HKG", name: "Hong Kong" }, sessions }],
    past: [],
  };
}

const ORIGIN = "https://www.ovation.example";

test("an on-sale session is an Event with Google's required and recommended fields", () => {
  const [event] = JSON.parse(JSON.stringify(tourEventData({ tour: tour([session({})]), reference, origin: ORIGIN, language: "en-US" })));
  expect(event).toEqual({
    "@context": "https://schema.org",
    "@type": "Event",
    name: "Neon Skyline Tour",
    description: "An evening of synth pop.",
    startDate: "2026-12-01T20:00:00+08:00",
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: "Hong Kong Coliseum",
      address: { "@type": "PostalAddress", streetAddress: "9 Cheong Wan Road, Hung Hom", addressLocality: "Hong Kong", addressCountry: "HK" },
    },
    image: ["https://www.ovation.example/media/og/1.png?v=abc"],
    performer: { "@type": "PerformingGroup", name: "The Lanterns" },
    organizer: { "@type": "PerformingGroup", name: "The Lanterns", url: "https://www.ovation.example/tourDetail?id=1&lang=en-US" },
    offers: {
      "@type": "Offer",
      url: "https://www.ovation.example/pick-seat?sessionId=11&lang=en-US",
      price: "480.50",
      priceCurrency: "HKD",
      availability: "https://schema.org/InStock",
    },
    url: "https://www.ovation.example/pick-seat?sessionId=11&lang=en-US",
  });
});

test("a session not yet on sale has validFrom and no availability; one with nothing left is sold out", () => {
  const events = tourEventData({
    tour: tour([session({ sessionId: 12, status: "PENDING", lowestPrice: null }), session({ sessionId: 13, lowestPrice: null })]),
    reference,
    origin: ORIGIN,
    language: "zh-HK",
  });
  expect(events[0].offers).toEqual({ "@type": "Offer", url: "https://www.ovation.example/pick-seat?sessionId=12&lang=zh-HK", validFrom: "2026-10-01T10:00:00+08:00" });
  expect(events[1].offers).toEqual({ "@type": "Offer", url: "https://www.ovation.example/pick-seat?sessionId=13&lang=zh-HK", availability: "https://schema.org/SoldOut" });
});

test("a cancelled session is marked cancelled", () => {
  const [event] = tourEventData({ tour: tour([session({ status: "CANCEL", lowestPrice: null })]), reference, origin: ORIGIN, language: "en-US" });
  expect(event.eventStatus).toBe("https://schema.org/EventCancelled");
});

test("a start in a zone behind UTC carries a negative offset", () => {
  expect(zonedIso(Date.parse("2026-07-04T03:30:00Z"), "America/Los_Angeles")).toBe("2026-07-03T20:30:00-07:00");
});
