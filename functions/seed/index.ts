/**
 * The demo catalog: every row the local database is seeded with, as typed inserts per table.
 *
 * Deterministic: the content comes from fixed-seed random streams, and every instant is counted
 * from `anchor` (the moment of seeding) in each venue's own calendar, so the same anchor gives
 * the same catalog and any anchor gives shows this weekend, next week and months ahead, plus a
 * few past ones. Keys are in foreign-key order: insert them top to bottom.
 */
import type { DemoCatalog } from "./demo-catalog";
import { DAY_MS } from "./calendar";
import { demoListings, demoSellers } from "./listings";
import { CURRENCIES, demoLocations, LANGUAGES } from "./places";
import { Prng } from "./prng";
import { demoSchedule } from "./schedule";
import { demoCategories, demoTags } from "./taxonomy";
import { TOURS } from "./tours";
import { demoVenues } from "./venues";
import { demoPriceHistory } from "./price-history";
import { catalogSearchRows } from "../market/search/catalog-index";

export { stageOutline, type StageOutline } from "../market/venues/seat-maps";
export { DEMO_STAFF, withDemoStaff } from "./staff";
export type { DemoCatalog } from "./demo-catalog";

export function demoCatalog(anchor: Date): DemoCatalog {
  const now = anchor.getTime();
  if (!Number.isFinite(now)) throw new Error("demoCatalog needs a valid anchor date");

  const categories = demoCategories();
  const tags = demoTags();
  const { venues, venueSections, sectionsByVenue, venueByKey } = demoVenues();

  const scheduled = demoSchedule(now, TOURS, venueByKey, Prng.for("schedule"));

  const posters = Prng.for("posters");
  const founding = Prng.for("tours");
  const tours = TOURS.map((tour, i) => {
    const firstSale = Math.min(...scheduled.filter((s) => s.tour === tour).map((s) => s.show.saleStartsAt));
    return {
      id: i + 1,
      slug: tour.slug,
      categoryId: categories.find((c) => c.slug === tour.category)!.id!,
      titleEn: tour.titleEn,
      titleZh: tour.titleZh,
      artistEn: tour.artistEn,
      artistZh: tour.artistZh,
      descriptionEn: tour.descriptionEn,
      descriptionZh: tour.descriptionZh,
      posterSeed: posters.int(1, 2_147_483_646),
      posterPalette: tour.palette,
      popularity: tour.popularity,
      createdAt: firstSale - founding.int(7, 40) * DAY_MS - founding.int(0, DAY_MS),
    };
  });
  const tourTags = TOURS.flatMap((tour, i) =>
    tour.tags.map((slug) => ({ tourId: i + 1, tagId: tags.find((t) => t.slug === slug)!.id! })),
  );

  const locations = demoLocations();
  const sellers = demoSellers(now, Prng.for("sellers"));
  const listings = demoListings(now, scheduled, sectionsByVenue, sellers, Prng.for("listings"));

  return {
    languages: LANGUAGES,
    currencies: CURRENCIES,
    locations,
    categories,
    tags,
    venues,
    venueSections,
    tours,
    tourTags,
    shows: scheduled.map((s) => s.show),
    sessions: scheduled.flatMap((s) => s.sessions),
    sellers: sellers.map(({ region: _region, ...seller }) => seller),
    listings,
    sessionPricePoints: demoPriceHistory(
      now,
      scheduled.map((s) => s.show),
      scheduled.flatMap((s) => s.sessions),
      listings,
    ),
    // The index is made from the rows above and written with them: it can never start behind.
    ...catalogSearchRows({ tours, venues, locations, categories }),
    users: [],
    accountRoles: [],
  };
}
