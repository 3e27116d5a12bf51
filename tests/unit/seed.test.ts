import { describe, expect, test } from "vitest";
import { DELIVERY_METHODS, SPLIT_RULES } from "../../functions/db/schema";
import { DEMO_STAFF, demoCatalog, stageOutline, withDemoStaff, type DemoCatalog } from "../../functions/seed";
import { seedDatabase, sqlLiteral, toSqlStatements } from "../../functions/seed/sql";
import { POSTER_PALETTE_NAMES, posterSvg } from "../../functions/market/catalog/poster";
import { verifyPassword } from "../../functions/market/context/crypto";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const anchor = new Date("2026-03-11T09:30:00Z");
const catalog = demoCatalog(anchor);

const cjk = /[\u4e00-\u9fff]/;
const showOf = (c: DemoCatalog, id: number) => c.shows.find((s) => s.id === id)!;
const venueOf = (c: DemoCatalog, id: number) => c.venues.find((v) => v.id === id)!;

function localParts(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", weekday: "short", hour: "numeric", year: "numeric", month: "numeric", day: "numeric" }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { hour: Number(get("hour")), weekday: get("weekday"), date: `${get("year")}-${get("month")}-${get("day")}` };
}

describe("the demo catalog", () => {
  test("has at least 25 tours, 80 shows, 8 venues and 5,000 listings", () => {
    expect(catalog.tours.length).toBeGreaterThanOrEqual(25);
    expect(catalog.shows.length).toBeGreaterThanOrEqual(80);
    expect(catalog.venues.length).toBeGreaterThanOrEqual(8);
    expect(catalog.listings.length).toBeGreaterThanOrEqual(5000);
    expect(catalog.sellers.length).toBeGreaterThanOrEqual(40);
  });

  test("gives every tour one to six shows and every show one to four sessions", () => {
    for (const tour of catalog.tours) {
      const shows = catalog.shows.filter((s) => s.tourId === tour.id);
      expect(shows.length).toBeGreaterThanOrEqual(1);
      expect(shows.length).toBeLessThanOrEqual(6);
    }
    for (const show of catalog.shows) {
      const sessions = catalog.sessions.filter((s) => s.showId === show.id);
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      expect(sessions.length).toBeLessThanOrEqual(4);
    }
  });

  test("lists Hong Kong as the one default location and hides the mainland one", () => {
    const defaults = catalog.locations.filter((l) => l.isDefault);
    expect(defaults.map((l) => [l.code, l.parentCode, l.phoneCode])).toEqual([["HK", "CN", "852"]]);
    expect(catalog.locations.find((l) => l.code === "CN")).toMatchObject({ phoneCode: "86", clientHidden: true });
    expect(catalog.currencies[0]).toMatchObject({ code: "HKD", nameEn: "HongKong Dollars", symbol: "HK$" });
    for (const venue of catalog.venues) expect(catalog.locations.some((l) => l.code === venue.cityCode && l.kind === "city")).toBe(true);
  });

  test("draws one stadium with at least 50 sections in rings around the stage", () => {
    const counts = catalog.venues.map((v) => catalog.venueSections.filter((s) => s.venueId === v.id).length);
    const biggest = catalog.venues[counts.indexOf(Math.max(...counts))];
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(50);
    expect(biggest.kind).toBe("stadium");
    const arcs = catalog.venueSections.filter((s) => s.venueId === biggest.id && s.path.includes("A"));
    expect(arcs.length).toBeGreaterThanOrEqual(50);
    expect(stageOutline(biggest).path).toMatch(/^M/);
  });

  test("places every section label and stage inside its venue's map", () => {
    for (const section of catalog.venueSections) {
      const venue = venueOf(catalog, section.venueId);
      expect(section.labelX).toBeGreaterThan(0);
      expect(section.labelX).toBeLessThan(venue.mapWidth);
      expect(section.labelY).toBeGreaterThan(0);
      expect(section.labelY).toBeLessThan(venue.mapHeight);
      // Paths use absolute commands only, so every number is a coordinate, a radius or a flag.
      const numbers = section.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
      expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...numbers)).toBeLessThanOrEqual(Math.max(venue.mapWidth, venue.mapHeight));
    }
    for (const venue of catalog.venues) {
      const stage = stageOutline(venue);
      expect(stage.labelX).toBeLessThan(venue.mapWidth);
      expect(stage.labelY).toBeLessThan(venue.mapHeight);
    }
    expect(catalog.venueSections.some((s) => s.obstructed)).toBe(true);
    expect(catalog.venueSections.some((s) => s.generalAdmission)).toBe(true);
  });

  test("offers every delivery method and every split rule", () => {
    expect(new Set(catalog.listings.map((l) => l.deliveryMethod))).toEqual(new Set(DELIVERY_METHODS));
    expect(new Set(catalog.listings.map((l) => l.splitRule))).toEqual(new Set(SPLIT_RULES));
    expect(catalog.listings.some((l) => l.eTicketReady)).toBe(true);
    expect(catalog.listings.every((l) => !l.eTicketReady || l.deliveryMethod === "E_TICKET")).toBe(true);
  });

  test("asks prices both above and below face value, between about 0.7 and 2.5 times it", () => {
    expect(catalog.listings.some((l) => l.priceMinor > l.faceValueMinor)).toBe(true);
    expect(catalog.listings.some((l) => l.priceMinor < l.faceValueMinor)).toBe(true);
    for (const l of catalog.listings) {
      expect(l.priceMinor / l.faceValueMinor).toBeGreaterThan(0.6);
      expect(l.priceMinor / l.faceValueMinor).toBeLessThan(2.6);
      expect(l.quantity).toBeGreaterThanOrEqual(1);
      expect(l.quantity).toBeLessThanOrEqual(8);
    }
  });

  test("prices each listing in its venue's currency at a whole local step", () => {
    const step: Record<string, number> = { HKD: 1000, MOP: 1000, TWD: 10000, SGD: 500, THB: 10000, JPY: 500, KRW: 1000, GBP: 100, USD: 100 };
    const regionCurrency = new Map(catalog.locations.map((l) => [l.code, l.currencyCode]));
    for (const l of catalog.listings) {
      const session = catalog.sessions.find((s) => s.id === l.sessionId)!;
      const venue = venueOf(catalog, showOf(catalog, session.showId).venueId);
      expect(l.currencyCode).toBe(regionCurrency.get(venue.cityCode));
      expect(l.priceMinor % step[l.currencyCode]).toBe(0);
    }
  });

  test("sells only on-sale sessions, and never the same seat twice", () => {
    const seats = new Set<string>();
    for (const l of catalog.listings) {
      const session = catalog.sessions.find((s) => s.id === l.sessionId)!;
      expect(showOf(catalog, session.showId).status).toBe("ONSALE");
      expect(l.listedAt).toBeLessThan(anchor.getTime());
      const section = catalog.venueSections.find((s) => s.id === l.sectionId)!;
      if (section.generalAdmission) {
        expect([l.rowLabel, l.seatFrom]).toEqual([null, null]);
        continue;
      }
      for (let seat = l.seatFrom!; seat < l.seatFrom! + l.quantity; seat++) {
        const key = `${l.sessionId}/${l.sectionId}/${l.rowLabel}/${seat}`;
        expect(seats.has(key)).toBe(false);
        seats.add(key);
      }
      expect(l.seatFrom! + l.quantity - 1).toBeLessThanOrEqual(section.seatsPerRow);
    }
  });

  test("has on-sale, pending, cancelled, closed and disabled shows", () => {
    const now = anchor.getTime();
    const byStatus = (status: string) => catalog.shows.filter((s) => s.status === status);
    expect(byStatus("ONSALE").length).toBeGreaterThan(catalog.shows.length / 2);
    expect(byStatus("CANCEL").length).toBeGreaterThanOrEqual(1);
    expect(byStatus("DISABLED")).toHaveLength(1);
    expect(byStatus("PENDING").length).toBeGreaterThanOrEqual(1);
    for (const show of byStatus("PENDING")) expect(show.saleStartsAt).toBeGreaterThan(now);
    for (const show of byStatus("ONSALE")) expect(show.saleStartsAt).toBeLessThan(now);
    expect(byStatus("CLOSE").length).toBeGreaterThanOrEqual(3);
    for (const show of byStatus("CLOSE")) {
      for (const s of catalog.sessions.filter((x) => x.showId === show.id)) {
        expect(s.startsAt).toBeLessThan(now - 28 * DAY);
        expect(s.startsAt).toBeGreaterThan(now - 186 * DAY);
      }
    }
  });

  test("starts sessions at local afternoon or evening hours and closes sales two hours before", () => {
    for (const s of catalog.sessions) {
      const venue = venueOf(catalog, showOf(catalog, s.showId).venueId);
      const { hour } = localParts(s.startsAt, venue.timeZone);
      expect(hour).toBeGreaterThanOrEqual(14);
      expect(hour).toBeLessThanOrEqual(21);
      expect(s.startsAt - s.saleEndsAt).toBe(2 * HOUR);
      if (showOf(catalog, s.showId).status !== "CLOSE") {
        expect(s.startsAt).toBeGreaterThan(anchor.getTime());
        expect(s.startsAt).toBeLessThan(anchor.getTime() + 245 * DAY);
      }
    }
  });

  test("has on-sale sessions in the coming weekend and the next seven days, whatever the weekday", () => {
    for (let i = 0; i < 7; i++) {
      const day = new Date(anchor.getTime() + i * DAY);
      const c = demoCatalog(day);
      const onSale = c.sessions.filter((s) => showOf(c, s.showId).status === "ONSALE" && s.startsAt > day.getTime());
      const soon = onSale.filter((s) => s.startsAt < day.getTime() + 7 * DAY);
      const weekend = soon.filter((s) => ["Sat", "Sun"].includes(localParts(s.startsAt, venueOf(c, showOf(c, s.showId).venueId).timeZone).weekday));
      expect(soon.length).toBeGreaterThanOrEqual(10);
      expect(weekend.length).toBeGreaterThanOrEqual(3);
    }
  });

  test("never books two shows into one venue on the same day", () => {
    const taken = new Map<string, number>();
    for (const s of catalog.sessions) {
      const show = showOf(catalog, s.showId);
      const key = `${show.venueId}@${localParts(s.startsAt, venueOf(catalog, show.venueId).timeZone).date}`;
      expect(taken.get(key) ?? show.id).toBe(show.id);
      taken.set(key, show.id!);
    }
  });

  test("names tours, venues, categories and tags in English and Traditional Chinese", () => {
    for (const tour of catalog.tours) {
      expect(tour.titleEn).toMatch(/[A-Za-z]/);
      expect(tour.titleZh).toMatch(cjk);
      expect(tour.descriptionEn.split(". ").length).toBeGreaterThanOrEqual(2);
      expect(tour.descriptionZh).toMatch(cjk);
      expect(POSTER_PALETTE_NAMES).toContain(tour.posterPalette);
    }
    for (const row of [...catalog.venues, ...catalog.categories, ...catalog.tags, ...catalog.venueSections]) {
      expect(row.nameZh).toMatch(cjk);
    }
    expect(catalog.languages.map((l) => [l.code, l.name])).toEqual([["en-US", "English"], ["zh-HK", "繁體中文"]]);
  });

  test("comes out identical for the same anchor", () => {
    expect(JSON.stringify(demoCatalog(new Date(anchor)))).toBe(JSON.stringify(catalog));
  });

  test("keeps its content and moves its times with another anchor", () => {
    const later = demoCatalog(new Date(anchor.getTime() + 30 * DAY));
    expect(later.tours.map((t) => [t.titleEn, t.posterSeed])).toEqual(catalog.tours.map((t) => [t.titleEn, t.posterSeed]));
    expect(later.sessions[0].startsAt).toBeGreaterThan(catalog.sessions[0].startsAt);
  });
});

describe("poster art", () => {
  const posters = catalog.tours.map((t, i) =>
    posterSvg({ seed: t.posterSeed, palette: t.posterPalette, title: i % 2 ? t.titleZh : t.titleEn, subtitle: t.artistEn }),
  );

  function isBalanced(svg: string): boolean {
    const stack: string[] = [];
    for (const [, close, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
      if (selfClosing) continue;
      if (close) {
        if (stack.pop() !== name) return false;
      } else stack.push(name);
    }
    return stack.length === 0;
  }

  test("is a well-formed SVG document under 6 KB", () => {
    for (const svg of posters) {
      expect(svg.startsWith("<svg ")).toBe(true);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(isBalanced(svg)).toBe(true);
      expect(new TextEncoder().encode(svg).length).toBeLessThan(6 * 1024);
    }
  });

  test("refers to nothing outside itself", () => {
    for (const svg of posters) {
      // The SVG namespace is a name, not a fetch; nothing else may look like an address.
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/http|href|url\((?!#)/);
    }
  });

  test("is the same for the same seed and differs between seeds", () => {
    const input = { seed: 42, palette: "neon-night", title: "Skyline Serenade" };
    expect(posterSvg(input)).toBe(posterSvg(input));
    expect(posterSvg({ ...input, seed: 43 })).not.toBe(posterSvg(input));
    expect(new Set(posters).size).toBe(posters.length);
  });

  test("escapes the title and subtitle for XML", () => {
    const svg = posterSvg({ seed: 7, palette: "citrus-pop", title: `Rock & Roll <Live> "Tonight"`, subtitle: "Tom's <band>" });
    expect(svg).toContain("ROCK &amp;");
    expect(svg).toContain("&lt;LIVE&gt;");
    expect(svg).not.toMatch(/<band>|<Live>/i);
    expect(isBalanced(svg)).toBe(true);
  });

  test("falls back to a known palette and the 3:4 portrait size", () => {
    const svg = posterSvg({ seed: 9, palette: "no-such-palette", title: "守燈人" });
    expect(svg).toContain('viewBox="0 0 600 800"');
    expect(svg).toContain("守燈人");
  });
});

describe("the SQL writer", () => {
  test("doubles single quotes inside text literals", () => {
    expect(sqlLiteral("Rock 'n' Roll")).toBe("'Rock ''n'' Roll'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(12)).toBe("12");
    const quoted = { ...catalog, tours: [{ ...catalog.tours[0], titleEn: "It's O'Clock'); DROP TABLE tours; --" }] };
    const statement = toSqlStatements(quoted).find((s) => s.startsWith('INSERT INTO "tours"'))!;
    expect(statement).toContain("'It''s O''Clock''); DROP TABLE tours; --'");
  });

  test("inserts every table after the tables it references, in statements D1 accepts", () => {
    const statements = toSqlStatements(catalog);
    const order = [...new Set(statements.map((s) => s.match(/^INSERT INTO "(\w+)"/)![1]))];
    expect(order.indexOf("venues")).toBeLessThan(order.indexOf("venue_sections"));
    expect(order.indexOf("tours")).toBeLessThan(order.indexOf("shows"));
    expect(order.indexOf("sessions")).toBeLessThan(order.indexOf("listings"));
    expect(order.indexOf("sellers")).toBeLessThan(order.indexOf("listings"));
    for (const s of statements) expect(s.length).toBeLessThan(100_000);
    const listingRows = statements.filter((s) => s.startsWith('INSERT INTO "listings"')).reduce((n, s) => n + s.split("\n").length - 1, 0);
    expect(listingRows).toBe(catalog.listings.length);
  });

  test("seeds a D1 database in one batch of the same statements", async () => {
    const prepared: string[] = [];
    let batches = 0;
    const db = {
      prepare(sql: string) {
        prepared.push(sql);
        return { sql };
      },
      async batch(statements: { sql: string }[]) {
        batches += 1;
        expect(statements.map((s) => s.sql)).toEqual(prepared);
        return [];
      },
    } as unknown as D1Database;
    await seedDatabase(db, catalog);
    expect(batches).toBe(1);
    expect(prepared).toEqual(toSqlStatements(catalog));
  });
});

describe("the staff accounts", () => {
  test("are left out of the catalog itself, which stays the same for the same anchor", () => {
    expect(catalog.users).toEqual([]);
    expect(catalog.accountRoles).toEqual([]);
  });

  test("are a provider acting for the seller with the most listings and a support agent", async () => {
    const seeded = await withDemoStaff(catalog, anchor);
    const counts = new Map<number, number>();
    for (const listing of catalog.listings) counts.set(listing.sellerId, (counts.get(listing.sellerId) ?? 0) + 1);
    const most = Math.max(...counts.values());
    expect(seeded.users.map((u) => u.email)).toEqual(["provider@ovation.example", "support@ovation.example"]);
    const provider = seeded.accountRoles.find((r) => r.role === "seller")!;
    expect(provider.userId).toBe(seeded.users[0].id);
    expect(counts.get(provider.sellerId!)).toBe(most);
    expect(seeded.accountRoles.find((r) => r.role === "support")).toMatchObject({ userId: seeded.users[1].id, sellerId: null });
    expect(seeded.listings).toBe(catalog.listings);
  });

  test("sign in with the documented passwords, hashed as sign-up hashes them", async () => {
    const seeded = await withDemoStaff(catalog, anchor);
    const [provider, support] = seeded.users;
    expect(provider.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword(DEMO_STAFF.provider.password, provider.passwordHash!)).toBe(true);
    expect(await verifyPassword(DEMO_STAFF.support.password, support.passwordHash!)).toBe(true);
    expect(await verifyPassword(DEMO_STAFF.support.password, provider.passwordHash!)).toBe(false);
    expect(provider.emailVerifiedAt).toBe(anchor.getTime());
  });

  test("are inserted after the sellers they act for", async () => {
    const order = [...new Set(toSqlStatements(await withDemoStaff(catalog, anchor)).map((s) => s.match(/^INSERT INTO "(\w+)"/)![1]))];
    expect(order.indexOf("sellers")).toBeLessThan(order.indexOf("account_roles"));
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("account_roles"));
  });
});
