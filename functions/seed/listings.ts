/**
 * Sellers and the tickets they list for on-sale sessions. Face value follows the zone and the
 * kind of show; asking prices run from 0.7× to 2.5× face, mostly a little above it, rounded to
 * the local currency's usual step. Seats in one session never overlap between listings.
 */
import type { listings, sellers, DeliveryMethod, SplitRule } from "../db/schema";
import { DAY_MS } from "./calendar";
import { currencyOf, PRICE_STEP, regionOf } from "./places";
import type { Prng } from "./prng";
import type { ScheduledShow } from "./schedule";
import { rowLabel, type SectionZone } from "../market/venues/seat-maps";
import type { CategorySlug } from "./taxonomy";
import type { VenueSectionRow } from "./venues";

export type SellerRow = typeof sellers.$inferInsert;
export type ListingRow = typeof listings.$inferInsert;

const SELLERS: [region: string, nickname: string][] = [
  ["HK", "HarbourSeats"], ["HK", "阿明飛"], ["HK", "TicketTiger HK"], ["HK", "KowloonTix"], ["HK", "尖沙咀票務站"],
  ["HK", "Mongkok Max"], ["HK", "Ms Chan's Spare Tix"], ["HK", "LanternBox"], ["HK", "Peak Passes"], ["HK", "飛仔Kelvin"],
  ["HK", "Jordan Road Tickets"], ["HK", "灣仔小店"], ["HK", "銅鑼灣門票舖"], ["HK", "Sai Kung Sam"], ["HK", "FanFirst HK"],
  ["MO", "Cotai Corner"], ["MO", "澳門票站"], ["MO", "Taipa Tix"],
  ["TW", "台北售票小舖"], ["TW", "Ximen Seats"], ["TW", "阿凱的票"], ["TW", "Formosa Fan Club"],
  ["SG", "LionCitySeats"], ["SG", "Kallang Kate"], ["SG", "Marina Tix"], ["SG", "Tiong Bahru Tickets"],
  ["TH", "Bangkok Backstage"], ["TH", "SiamSeatSwap"], ["TH", "Nok's Tickets"],
  ["JP", "Shibuya Seats"], ["JP", "Koraku Tickets"], ["JP", "Akiko's Extras"],
  ["KR", "Jamsil Tix"], ["KR", "Hongdae Handoff"], ["KR", "Seoul Stage Swap"], ["KR", "Minji's Spare Seats"],
  ["GB", "Greenwich Tix"], ["GB", "West End Returns"], ["GB", "Camden Swaps"], ["GB", "Tube Stop Tickets"],
  ["US", "Highland Ave Tix"], ["US", "LA Encore"], ["US", "Sunset Strip Seats"], ["US", "Pacific Coast Passes"],
  ["CN", "深圳票務達人"], ["CN", "廣州飛友"],
];

function phoneNumber(region: string, prng: Prng): string {
  const d = (n: number) => prng.digits(n);
  switch (region) {
    case "HK": return `+852 ${prng.pick(["5", "6", "9"])}${d(3)} ${d(4)}`;
    case "MO": return `+853 6${d(3)} ${d(4)}`;
    case "TW": return `+886 9${d(2)} ${d(3)} ${d(3)}`;
    case "SG": return `+65 ${prng.pick(["8", "9"])}${d(3)} ${d(4)}`;
    case "TH": return `+66 8${d(1)} ${d(3)} ${d(4)}`;
    case "JP": return `+81 90-${d(4)}-${d(4)}`;
    case "KR": return `+82 10-${d(4)}-${d(4)}`;
    case "GB": return `+44 7${d(3)} ${d(6)}`;
    // 555-0100 to 555-0199 are set aside for fiction.
    case "US": return `+1 (${prng.pick(["213", "310", "323"])}) 555-01${d(2)}`;
    default: return `+86 1${prng.pick(["3", "5", "8"])}${d(1)} ${d(4)} ${d(4)}`;
  }
}

export function demoSellers(anchor: number, prng: Prng): (SellerRow & { region: string })[] {
  return SELLERS.map(([region, nickname], i) => ({
    id: i + 1,
    nickname,
    phone: phoneNumber(region, prng),
    rating: prng.int(38, 50),
    createdAt: anchor - prng.int(60, 1400) * DAY_MS - prng.int(0, DAY_MS),
    region,
  }));
}

/** Face value in HK$ by kind of show and zone, before the tour's own pricing and conversion. */
const FACE_HKD: Record<CategorySlug, Record<SectionZone, number>> = {
  concerts: { vip: 1880, floor: 1480, ga: 980, lower: 1180, middle: 880, upper: 580, balcony: 480 },
  musicals: { vip: 1295, floor: 995, ga: 395, lower: 995, middle: 795, upper: 495, balcony: 495 },
  theatre: { vip: 780, floor: 580, ga: 280, lower: 580, middle: 480, upper: 280, balcony: 280 },
  sports: { vip: 1500, floor: 1200, ga: 300, lower: 880, middle: 680, upper: 380, balcony: 300 },
  comedy: { vip: 880, floor: 680, ga: 380, lower: 680, middle: 480, upper: 380, balcony: 380 },
  family: { vip: 580, floor: 480, ga: 280, lower: 480, middle: 380, upper: 280, balcony: 280 },
  festivals: { vip: 2480, floor: 1280, ga: 1280, lower: 1280, middle: 1280, upper: 1280, balcony: 1280 },
};

const LISTINGS_PER_SESSION: Record<string, number> = { stadium: 64, arena: 40, theatre: 27, hall: 24, park: 30, club: 12 };

const DELIVERY_ASIA: [DeliveryMethod, number][] = [
  ["E_TICKET", 42], ["TICKET_TRANSFER", 10], ["EXPRESS", 15], ["SELF_PICKUP", 15], ["ON_SITE", 10], ["CUSTOMER_REDEMPTION", 8],
];
const DELIVERY_WEST: [DeliveryMethod, number][] = [
  ["E_TICKET", 50], ["TICKET_TRANSFER", 30], ["EXPRESS", 5], ["SELF_PICKUP", 4], ["ON_SITE", 8], ["CUSTOMER_REDEMPTION", 3],
];

const QUANTITIES: [number, number][] = [[1, 10], [2, 38], [3, 8], [4, 22], [5, 3], [6, 9], [7, 2], [8, 8]];

function splitRuleFor(quantity: number, prng: Prng): SplitRule {
  if (quantity === 1) return prng.weighted([["any", 7], ["all", 3]]);
  if (quantity === 2) return prng.weighted([["any", 40], ["all", 25], ["pairs", 20], ["no_single", 15]]);
  if (quantity % 2) return prng.weighted([["any", 35], ["no_single", 40], ["all", 25]]);
  return prng.weighted([["any", 25], ["no_single", 30], ["pairs", 30], ["all", 15]]);
}

function sectionsOnSale(show: ScheduledShow, sections: VenueSectionRow[]): VenueSectionRow[] {
  if (show.tour.category !== "sports") return sections;
  // A match is played on the pitch or court: no standing pit, and at a stadium no floor at all.
  return sections.filter((s) => !s.generalAdmission && !(show.venue.kind === "stadium" && (s.zone === "vip" || s.zone === "floor")));
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

export function demoListings(
  anchor: number, shows: ScheduledShow[], sectionsByVenue: Map<string, VenueSectionRow[]>,
  sellerRows: (SellerRow & { region: string })[], prng: Prng,
): ListingRow[] {
  const rows: ListingRow[] = [];
  const sellerWeights = sellerRows.map((s, i) => [s, i % 6 === 0 ? 5 : 1] as const);

  for (const show of shows) {
    if (show.show.status !== "ONSALE") continue;
    const region = regionOf(show.venue.cityCode);
    const currency = currencyOf(region.currencyCode);
    const step = PRICE_STEP[currency.code];
    const minorPerMajor = 10 ** currency.minorUnits;
    const toLocal = (hkd: number) => (hkd * currency.perUsdMicros) / currencyOf("HKD").perUsdMicros;
    const tourPricing = 0.85 + show.tour.popularity / 400;
    const sections = sectionsOnSale(show, sectionsByVenue.get(show.venueKey) ?? []);
    const sectionWeights = sections.map((s) => [s, Math.pow(s.rows * s.seatsPerRow, 0.6)] as const);
    const western = region.code === "GB" || region.code === "US";
    const localSellers = sellerRows.filter((s) => s.region === region.code);

    for (const session of show.sessions) {
      const wanted = Math.round(
        LISTINGS_PER_SESSION[show.venue.kind] * (0.5 + show.tour.popularity / 100) * prng.float(0.8, 1.2),
      );
      const taken = new Map<string, [number, number][]>();
      for (let n = 0, attempts = 0; n < wanted && attempts < wanted * 4; attempts++) {
        const section = prng.weighted(sectionWeights);
        const quantity = Math.min(prng.weighted(QUANTITIES), section.seatsPerRow);
        let row: string | null = null;
        let seatFrom: number | null = null;
        if (!section.generalAdmission) {
          const rowIndex = prng.int(0, section.rows - 1);
          const first = prng.int(1, section.seatsPerRow - quantity + 1);
          const key = `${section.id}:${rowIndex}`;
          const ranges = taken.get(key) ?? [];
          if (ranges.some(([a, b]) => first <= b && a <= first + quantity - 1)) continue;
          ranges.push([first, first + quantity - 1]);
          taken.set(key, ranges);
          row = rowLabel(show.venue.kind, rowIndex);
          seatFrom = first;
        }
        n++;

        const faceMajor = roundTo(toLocal(FACE_HKD[show.tour.category][section.zone] * tourPricing), step);
        const roll = prng.next();
        const markup =
          roll < 0.22 ? prng.float(0.7, 0.97)
          : roll < 0.34 ? prng.float(0.98, 1.12)
          : 1.12 + 1.38 * Math.pow(prng.next(), 2.4 - show.tour.popularity / 100);
        const priceMajor = roundTo(faceMajor * markup, step);
        const deliveryMethod = prng.weighted(western ? DELIVERY_WEST : DELIVERY_ASIA);
        const seller = localSellers.length && prng.chance(0.6) ? prng.pick(localSellers) : prng.weighted(sellerWeights);
        const listedFrom = Math.max(show.show.saleStartsAt, anchor - 45 * DAY_MS);
        const listedTo = anchor - 20 * 60_000;
        const listedAt = Math.floor((listedFrom + prng.next() * (listedTo - listedFrom)) / 60_000) * 60_000;

        rows.push({
          id: rows.length + 1,
          sessionId: session.id!,
          sellerId: seller.id!,
          sectionId: section.id!,
          rowLabel: row,
          seatFrom,
          // Standing places have no seats to keep together.
          seatsTogether: section.generalAdmission ? false : quantity === 1 || prng.chance(0.9),
          quantity,
          priceMinor: Math.round(priceMajor * minorPerMajor),
          faceValueMinor: Math.round(faceMajor * minorPerMajor),
          currencyCode: currency.code,
          deliveryMethod,
          splitRule: splitRuleFor(quantity, prng),
          eTicketReady: deliveryMethod === "E_TICKET" && prng.chance(0.45),
          listedAt,
        });
      }
    }
  }
  return rows;
}
