/**
 * Search over the catalog (issue: find any artist, show, venue or city, in either language).
 *
 * Rules (decisions 290-292, 296-297):
 * - A keyword is folded (fold.ts) and looked up in search's own index (catalog-index.ts): the
 *   start of a word is one range of search_words, anywhere is its trigrams in search_grams, and
 *   a loose match (match.ts) takes the names sharing most of its words' bigrams. The candidates
 *   are ranked by match.ts's rule, told by the statement itself where the index knows (a word
 *   key's place in its name, a gram that is the keyword) and by rankOf on the folded name
 *   otherwise; the keyword is only ever a bound value, so no character of it means anything to
 *   SQL.
 * - Both languages' names are searched whatever the viewer's language; answers are named in the
 *   viewer's language.
 * - A show matches when its tour (title or artist), its venue (name, nickname, or the district
 *   in its address: an address is not a name, so it matches no better than 'anywhere'), its city or
 *   its category does, at the best of those ranks. Shows are listed as Explore lists them
 *   (ONSALE, PENDING, CANCEL; never DISABLED), marked PAST once every session has started or
 *   stopped selling; a CLOSE show is listed only once every session has started (the past
 *   events a buyer looks back on), marked PAST. Order: shows to come before past ones (past
 *   events at the end); then rank; then on sale, not yet on sale, cancelled; then the soonest
 *   session still to come (a past show: its last session, latest first); then id.
 * - 'From' prices are the reads Explore and a tour's page make (listings/lowest-price.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ShowStatus } from "../../db/schema";
import { posterUrl } from "../catalog/poster-art";
import { showCard, showListFilters } from "../catalog/show-list";
import type { MarketContext } from "../context";
import { keeper } from "../context/kept";
import { inJson } from "../context/statements";
import { tourNames } from "../listings/listing-event";
import { cheapestListingsQuery, lowestPrices, type CheapestListingRow } from "../listings/lowest-price";
import { offsetOf, pageOf, type Page, type Paging } from "../paging";
import { loadReference, type Reference } from "../reference";
import { locationName } from "../reference/scope";
import { SEARCH_FIELDS, shows, WORD_PLACES, type SearchField } from "../../db/schema";
import { NAME_IDS, nameIdOf, nameOf, WORD_KEY_LENGTH } from "./catalog-index";
import { ANYWHERE_RANK, matchName, rankOf, searchKey, type Rank, type SearchKey } from "./match";
import type { SearchQuery } from "./query";
import {
  SEARCH_GROUP_PREVIEW,
  type PopularSearches,
  type SearchArtist,
  type SearchCategory,
  type SearchCity,
  type SearchResults,
  type SearchShow,
  type SearchType,
  type SearchVenue,
} from "./results";

/** Show statuses search lists, as Explore does (show-list.ts). */
const LISTED = sql.raw(`('ONSALE', 'PENDING', 'CANCEL')`);
/** The shows search finds: those Explore lists, and closed ones whose every session has started (past events). */
const searchable = (now: number, show = sql.raw("s")) =>
  sql`(${show}.status IN ${LISTED} OR (${show}.status = 'CLOSE' AND NOT EXISTS (SELECT 1 FROM sessions past WHERE past.show_id = ${show}.id AND past.starts_at > ${now})))`;
/** Candidate names read at most: far more than a screen shows, few enough to rank in a moment. */
const CANDIDATE_LIMIT = 5_000;
/**
 * How much of a very broad keyword (one letter: thousands of names at 10,000 tours) is ranked:
 * the best-ranked tours, and of the shows they, their venues, cities and categories bring, the
 * best-ranked; a buyer who sees that many types on (decision 291).
 */
const TOURS_RANKED = 100;
const SHOWS_RANKED = 200;
/** Loose candidates (most shared bigrams first) read at most. */
const LOOSE_CANDIDATE_LIMIT = 200;
/** The closest names offered when nothing matched, and how alike (Dice on bigrams) they must be. */
const CLOSEST_COUNT = 5;
const CLOSEST_LIKENESS = 0.25;
/** What the empty field offers: this many artists, then this many cities. */
const POPULAR_ARTISTS = 6;
const POPULAR_CITIES = 4;
/** The last code point: `prefix + MAX_CHAR` is above every word that starts with `prefix`. */
const MAX_CHAR = "\u{10FFFF}";

interface Hits {
  /** Best rank by tour id (its title or artist), by tour id for its artist alone, by venue id, by city code, by category id. */
  tours: Map<number, Rank>;
  artists: Map<number, Rank>;
  venues: Map<number, Rank>;
  cities: Map<string, Rank>;
  categories: Map<number, Rank>;
}

function keep<K>(map: Map<K, Rank>, key: K, rank: Rank) {
  const best = map.get(key);
  if (best === undefined || rank < best) map.set(key, rank);
}

/**
 * Bigrams a long keyword is looked up by: a few spread over it, not all. Each one's postings are
 * read whole, and the candidates are checked on their names anyway (match.ts), so more grams
 * only cost reads.
 */
const ANYWHERE_PROBES = 4;

function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]);
}

/**
 * Names whose words start with the keyword, hold all its trigrams (anywhere), or (loose) most of
 * its words' bigrams; each with its rank where SQL can tell it at once, else with its folded
 * name for rankOf to decide (a loose candidate, or a keyword longer than the index's word keys,
 * whose word matches the index cannot vouch for). rankOf stays the rule, and a worker test asks
 * both for the same ranks (search.test.ts).
 *
 * Each name D1 reads and returns costs, and a one-letter keyword matches thousands: so a name a
 * word key matches is ranked from the word index alone (its place: the whole name, its start, a
 * later word: migration 0021); a keyword that is its own probe (three characters, or two CJK) is
 * contained by every name holding that gram, anywhere, from the gram index alone; only the names
 * found otherwise are read, to look for the keyword inside them. Of the tours, only the best
 * TOURS_RANKED titles and as many artist names (each in two languages) come back: a tour's rank
 * is its best name's, so a tour left out has that many tours ranked at least as well ahead of it
 * in either field. The id says the kind, entity and field (nameOf). Exported for the bench's
 * index comparison.
 */
export function candidateNames(key: SearchKey) {
  const prefix = key.compact.slice(0, WORD_KEY_LENGTH);
  const wholeKey = key.compact.length <= WORD_KEY_LENGTH;
  const inWordRange = sql`word >= ${prefix} AND word < ${prefix + MAX_CHAR}`;
  const probe = spread(key.probes, ANYWHERE_PROBES);
  const probeIsKeyword = probe.length === 1 && probe[0] === key.compact;
  const anywhere =
    probe.length && !probeIsKeyword
      ? sql`UNION SELECT name_id FROM search_grams WHERE gram IN (SELECT value FROM json_each(${JSON.stringify(probe)}))
          GROUP BY name_id HAVING count(*) = ${probe.length}`
      : sql``;
  const loose = key.loose
    ? sql`UNION SELECT name_id FROM (SELECT name_id FROM search_grams WHERE gram IN (SELECT value FROM json_each(${JSON.stringify(key.loose.grams)}))
          GROUP BY name_id HAVING count(*) >= ${key.loose.atLeast} ORDER BY count(*) DESC, name_id LIMIT ${LOOSE_CANDIDATE_LIMIT})`
    : sql``;
  // A keyword longer than a word key: its word matches are candidates to read, like the others,
  // and whether it is inside a name at a word's start (word) or elsewhere (anywhere) is rankOf's.
  const wordCandidates = wholeKey ? sql`SELECT NULL WHERE 0` : sql`SELECT name_id FROM search_words WHERE ${inWordRange}`;
  // Written into the statement, not bound: D1 binds a number as a real, and the field is an
  // integer division of the id.
  const [toursEnd, slots, languages] = [NAME_IDS.toursEnd, NAME_IDS.slots, NAME_IDS.languages].map((n) => sql.raw(String(n)));
  const toursByField = (field: "title" | "artist") =>
    sql`SELECT * FROM (SELECT id, rank, NULL FROM ranked
        WHERE rank IS NOT NULL AND id < ${toursEnd} AND (id % ${slots}) / ${languages} = ${sql.raw(String(SEARCH_FIELDS.indexOf(field)))}
        ORDER BY rank, id LIMIT ${2 * TOURS_RANKED})`;
  return sql`
    WITH word_rank(id, rank) AS (
      SELECT name_id, min(CASE WHEN place = ${WORD_PLACES.whole} AND word = ${key.compact} THEN 0 WHEN place <= ${WORD_PLACES.start} THEN 1 ELSE 2 END)
      FROM search_words WHERE ${wholeKey ? 1 : 0} AND ${inWordRange} GROUP BY name_id
    ),
    contains(id) AS (
      SELECT name_id FROM search_grams WHERE ${probeIsKeyword ? 1 : 0} AND gram = ${key.compact}
        AND name_id NOT IN (SELECT id FROM word_rank)
    ),
    other AS (
      SELECT n.id, n.folded, replace(n.folded, ' ', '') AS compact FROM search_names n
      WHERE n.id IN (${wordCandidates} ${anywhere} ${loose}) AND n.id NOT IN (SELECT id FROM word_rank) AND n.id NOT IN (SELECT id FROM contains)
      LIMIT ${CANDIDATE_LIMIT}
    ),
    ranked(id, rank, folded) AS MATERIALIZED (
      SELECT id, rank, NULL FROM word_rank
      UNION ALL
      SELECT id, ${sql.raw(String(ANYWHERE_RANK))}, NULL FROM contains
      UNION ALL
      SELECT id, CASE
        WHEN compact = ${key.compact} THEN 0
        WHEN substr(compact, 1, ${Array.from(key.compact).length}) = ${key.compact} THEN 1
        WHEN ${key.anywhere && wholeKey ? 1 : 0} AND instr(compact, ${key.compact}) > 0 THEN ${sql.raw(String(ANYWHERE_RANK))}
      END, folded
      FROM other
    )
    SELECT id, rank, CASE WHEN rank IS NULL THEN folded END AS folded FROM ranked WHERE rank IS NULL OR id >= ${toursEnd}
    UNION ALL ${toursByField("title")}
    UNION ALL ${toursByField("artist")}`;
}

async function findHits(ctx: MarketContext, key: SearchKey): Promise<Hits> {
  const hits: Hits = { tours: new Map(), artists: new Map(), venues: new Map(), cities: new Map(), categories: new Map() };
  if (!key.compact) return hits;
  const [rows, reference] = await Promise.all([
    ctx.db.all<{ id: number; rank: Rank | null; folded: string | null }>(candidateNames(key)),
    loadReference(ctx),
  ]);
  const cityCodes = new Map(reference.locations.filter((l) => l.kind === "city" && !l.clientHidden).map((l) => [l.id, l.code]));
  for (const { id, rank: known, folded } of rows) {
    const named = known ?? rankOf(folded!, key);
    if (named === null) continue;
    const row = nameOf(id);
    // A district in an address places a venue, but it is not the venue's name; and a keyword
    // too short to be looked for anywhere would find a word of every address.
    if (row.field === "address" && !key.anywhere) continue;
    const rank = row.field === "address" ? Math.max(named, ANYWHERE_RANK) : named;
    if (row.kind === "tour") {
      keep(hits.tours, row.entityId, rank);
      if (row.field === "artist") keep(hits.artists, row.entityId, rank);
    } else if (row.kind === "venue") keep(hits.venues, row.entityId, rank);
    else if (row.kind === "category") keep(hits.categories, row.entityId, rank);
    else if (row.kind === "city") {
      const code = cityCodes.get(row.entityId);
      if (code) keep(hits.cities, code, rank);
    }
  }
  hits.tours = best(hits.tours, TOURS_RANKED);
  hits.artists = best(hits.artists, TOURS_RANKED);
  return hits;
}

/** The `limit` best-ranked entries (ties by key), in that order. */
function best<K extends number | string>(map: Map<K, Rank>, limit: number): Map<K, Rank> {
  if (map.size <= limit) return map;
  return new Map([...map].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit));
}

const json = (map: Map<number | string, Rank>) => JSON.stringify([...map]);
const upcoming = (now: number) => sql`se.starts_at > ${now} AND se.sale_ends_at > ${now}`;

/**
 * The best SHOWS_RANKED shows the tours, venues, cities or categories hit bring (`of`: the shows
 * `x` of one key, `h.value ->> 0`, ending in a WHERE that continues), by rank then id: each key's
 * first SHOWS_RANKED in id order, read from an index (migration 0021 for venues and cities) and
 * stopped there, where Hong Kong's 20,000 shows ("h") were otherwise all sorted to keep 200.
 * Enough for the best SHOWS_RANKED of all: a show left out has that many shows of its own
 * source ahead of it, each at least as well ranked overall.
 */
const bestOfKeys = (keys: Map<number | string, Rank>, of: SQL, now: number) =>
  sql`SELECT * FROM (SELECT s.id, h.value ->> 1 AS rank FROM json_each(${json(keys)}) h
      JOIN shows s ON s.id IN (SELECT x.id FROM ${of} ${searchable(now, sql.raw("x"))} ORDER BY x.id LIMIT ${SHOWS_RANKED})
      ORDER BY 2, s.id LIMIT ${SHOWS_RANKED})`;

/**
 * Statements read in one D1 batch (one round trip, not one per statement), and what their rows
 * become once the reference data is at hand.
 */
interface Read<T> {
  statements: BatchItem<"sqlite">[];
  finish: (results: unknown[][], reference: Reference) => T;
}

const readNothing = <T>(value: T): Read<T> => ({ statements: [], finish: () => value });

/**
 * A hand-written statement that can also go in a batch: drizzle's batch binds each query's D1
 * statement (`stmt`), which its raw `db.all` lacks (drizzle-orm 0.45), so it is given here, on
 * the request's session. Awaited alone, it runs as `db.all` does.
 */
function readRows<Row>(ctx: MarketContext, query: SQL) {
  const raw = ctx.db.all<Row>(query);
  return Object.assign(raw, { stmt: ctx.d1.prepare(raw.getQuery().sql) });
}

/** Runs every read's statements in one batch, beside the (cached) reference data. */
async function readTogether<T extends unknown[]>(ctx: MarketContext, reads: { [K in keyof T]: Read<T[K]> }): Promise<T> {
  const statements = (reads as Read<unknown>[]).flatMap((read) => read.statements);
  const [reference, results] = await Promise.all([
    loadReference(ctx),
    statements.length ? (ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) as Promise<unknown[][]>) : [],
  ]);
  let at = 0;
  return (reads as Read<unknown>[]).map((read) => {
    const own = results.slice(at, at + read.statements.length);
    at += read.statements.length;
    return read.finish(own, reference);
  }) as T;
}

type RankedRow = { showId: number; rank: Rank; total: number };

/** One page of matching shows' ids, ranked (see the file rules), each row with how many match in all. */
function rankedShowsQuery(ctx: MarketContext, hits: Hits, paging: Paging) {
  const now = ctx.now();
  return readRows<RankedRow>(ctx, sql`
    WITH matched(show_id, rank) AS (
      ${bestOfKeys(hits.tours, sql`shows x INDEXED BY shows_tour WHERE x.tour_id = h.value ->> 0 AND`, now)}
      UNION ALL ${bestOfKeys(hits.venues, sql`shows x INDEXED BY shows_venue_order WHERE x.venue_id = h.value ->> 0 AND`, now)}
      UNION ALL ${bestOfKeys(hits.cities, sql`shows x INDEXED BY shows_city_order WHERE x.city_code = h.value ->> 0 AND`, now)}
      UNION ALL ${bestOfKeys(hits.categories, sql`shows x JOIN tours t ON t.id = x.tour_id WHERE t.category_id = h.value ->> 0 AND`, now)}
    ),
    ranked AS (
      SELECT show_id, min(rank) AS rank FROM matched GROUP BY show_id ORDER BY min(rank), show_id LIMIT ${SHOWS_RANKED}
    ),
    facts AS (
      SELECT m.show_id, m.rank, s.status AS status,
        min(CASE WHEN ${upcoming(now)} THEN se.starts_at END) AS next_at, max(se.starts_at) AS last_at
      FROM ranked m JOIN shows s ON s.id = m.show_id JOIN sessions se ON se.show_id = s.id
      GROUP BY m.show_id
    )
    SELECT show_id AS showId, rank, count(*) OVER () AS total FROM facts
    ORDER BY next_at IS NULL, rank,
      CASE WHEN status = 'ONSALE' THEN 0 WHEN status = 'PENDING' THEN 1 ELSE 2 END,
      CASE WHEN next_at IS NULL THEN -last_at ELSE next_at END,
      show_id
    LIMIT ${paging.pageSize} OFFSET ${offsetOf(paging)}`);
}

/** The page's ranked rows, and the total when a row carries it (null: a page past the end, counted on its own). */
function rankedShows(ctx: MarketContext, hits: Hits, paging: Paging): Read<{ rows: RankedRow[]; total: number | null }> {
  return {
    statements: [rankedShowsQuery(ctx, hits, paging)],
    finish: ([rows]) => {
      const ranked = rows as RankedRow[];
      return { rows: ranked, total: ranked[0]?.total ?? (paging.page > 1 ? null : 0) };
    },
  };
}

/** The shows of `ranked`, in its order, as the answer carries them. */
async function showItems(ctx: MarketContext, ranked: { showId: number; rank: Rank }[]): Promise<SearchShow[]> {
  if (ranked.length === 0) return [];
  const now = ctx.now();
  const { language } = ctx.viewer;
  const zh = language === "zh-HK";
  const ids = ranked.map((row) => row.showId);
  type Detail = {
    showId: number; tourId: number; status: ShowStatus; saleStartsAt: number; cityCode: string; categoryId: number;
    posterSeed: number; posterPalette: string; titleEn: string; titleZh: string; artistEn: string; artistZh: string;
    venueId: number; venueName: string; timeZone: string;
    nextFirst: number | null; nextLast: number | null; nextCount: number; allFirst: number; allLast: number;
  };
  const [[reference, details, priceRows]] = await readTogether<[[Reference, Detail[], CheapestListingRow[]]]>(ctx, [
    {
      statements: [
        readRows<Detail>(ctx, sql`
      SELECT s.id AS showId, s.tour_id AS tourId, s.status AS status, s.sale_starts_at AS saleStartsAt, s.city_code AS cityCode,
        t.category_id AS categoryId, t.poster_seed AS posterSeed, t.poster_palette AS posterPalette,
        t.title_en AS titleEn, t.title_zh AS titleZh, t.artist_en AS artistEn, t.artist_zh AS artistZh,
        v.id AS venueId, ${sql.raw(zh ? "v.name_zh" : "v.name_en")} AS venueName, v.time_zone AS timeZone,
        min(CASE WHEN ${upcoming(now)} THEN se.starts_at END) AS nextFirst, max(CASE WHEN ${upcoming(now)} THEN se.starts_at END) AS nextLast,
        count(CASE WHEN ${upcoming(now)} THEN 1 END) AS nextCount, min(se.starts_at) AS allFirst, max(se.starts_at) AS allLast
      FROM shows s JOIN tours t ON t.id = s.tour_id JOIN venues v ON v.id = s.venue_id
        JOIN sessions se ON se.show_id = s.id
      WHERE s.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
      GROUP BY s.id`),
        cheapestListingsQuery(ctx.db, shows.id, inJson(shows.id, ids), now),
      ],
      finish: ([detailRows, prices], reference) => [reference, detailRows as Detail[], prices as CheapestListingRow[]],
    },
  ]);
  const prices = lowestPrices(priceRows, ctx.viewer, reference);
  const byId = new Map(details.map((row) => [row.showId, row]));
  return ranked.flatMap(({ showId, rank }): SearchShow[] => {
    const row = byId.get(showId);
    if (!row) return [];
    const past = row.nextFirst === null;
    return [
      {
        ...showCard(row, reference, language),
        firstStartsAt: past ? row.allFirst : row.nextFirst!,
        lastStartsAt: past ? row.allLast : row.nextLast!,
        sessions: row.nextCount,
        timeZone: row.timeZone,
        status: past ? "PAST" : (row.status as Exclude<SearchShow["status"], "PAST">),
        saleStartsAt: row.saleStartsAt,
        lowestPrice: prices.get(showId) ?? null,
        match: matchName(rank),
      },
    ];
  });
}

/** The paging a group is read with: its own page when narrowed to it, its first few in an 'all' search. */
function groupPaging(type: SearchType, group: SearchType, paging: Paging): Paging {
  return type === group ? paging : { page: 1, pageSize: SEARCH_GROUP_PREVIEW };
}

/**
 * One page of artists (a tour's artist names in both languages make one artist): ranked by
 * their best tour's rank, then by their soonest tour (the one shown), then its id; each row with
 * how many artists match in all. Grouped and paged in SQL: a one-letter keyword matches
 * TOURS_RANKED tours, and only a page of their artists is shown.
 */
function artistItems(ctx: MarketContext, hits: Hits, paging: Paging): Read<Page<SearchArtist>> {
  if (hits.artists.size === 0) return readNothing(emptyPage(paging));
  const now = ctx.now();
  type Row = {
    id: number; rank: Rank; tours: number; total: number; position: number;
    posterSeed: number; posterPalette: string; titleEn: string; titleZh: string; artistEn: string; artistZh: string;
  };
  const query = readRows<Row>(ctx, sql`
    WITH hit(id, rank) AS (SELECT value ->> 0, value ->> 1 FROM json_each(${json(hits.artists)})),
    tour AS (
      SELECT t.id, t.artist_en, t.artist_zh, h.rank, min(CASE WHEN ${upcoming(now)} THEN se.starts_at END) AS next_at
      FROM hit h JOIN tours t ON t.id = h.id JOIN shows s ON s.tour_id = t.id AND s.status IN ${LISTED} JOIN sessions se ON se.show_id = s.id
      GROUP BY t.id
    ),
    artist AS (
      SELECT id, next_at,
        row_number() OVER (PARTITION BY artist_en, artist_zh ORDER BY next_at IS NULL, next_at, id) AS nth,
        min(rank) OVER (PARTITION BY artist_en, artist_zh) AS rank,
        count(*) OVER (PARTITION BY artist_en, artist_zh) AS tours
      FROM tour
    )
    SELECT * FROM (
      SELECT t.id AS id, a.rank AS rank, a.tours AS tours, count(*) OVER () AS total,
        row_number() OVER (ORDER BY a.rank, a.next_at IS NULL, a.next_at, a.id) AS position,
        t.poster_seed AS posterSeed, t.poster_palette AS posterPalette, t.title_en AS titleEn, t.title_zh AS titleZh,
        t.artist_en AS artistEn, t.artist_zh AS artistZh
      FROM artist a JOIN tours t ON t.id = a.id
      WHERE a.nth = 1
    )
    -- The first row always comes, so a page past the end still carries the total.
    WHERE position = 1 OR position BETWEEN ${offsetOf(paging) + 1} AND ${offsetOf(paging) + paging.pageSize}
    ORDER BY position`);
  const { language } = ctx.viewer;
  const zh = language === "zh-HK";
  return {
    statements: [query],
    finish: ([rows]) => {
      const all = rows as Row[];
      const items = all.filter((row) => row.position > offsetOf(paging)).map((row): SearchArtist => ({
        name: tourNames(row, zh).artist,
        tourId: row.id,
        tours: row.tours,
        posterUrl: posterUrl(row, language),
        match: matchName(row.rank),
      }));
      return pageOf(items, all[0]?.total ?? 0, paging);
    },
  };
}

/**
 * How many listed shows with a session still to come each venue and each city has, for every
 * venue at once, kept in the isolate for PLACE_COUNTS_KEPT_FOR_MS (decision 296). A show is
 * counted once by EXISTS, from the indexes alone (migration 0020); but Hong Kong alone has
 * 20,000 shows at 10,000 tours, and counting them took more of a search than all its other
 * reads together. The counts order venues and cities and say "12 shows to come": a minute
 * behind the catalog is as fresh as either needs, and a write through this isolate forgets them.
 */
export const PLACE_COUNTS_KEPT_FOR_MS = 60_000;
interface PlaceCounts {
  venues: Map<number, number>;
  cities: Map<string, number>;
}
const keptPlaceCounts = keeper<PlaceCounts>(PLACE_COUNTS_KEPT_FOR_MS);

function upcomingShowCounts(ctx: MarketContext): Promise<PlaceCounts> {
  return keptPlaceCounts.read("all", ctx.now(), async () => {
    const now = ctx.now();
    const rows = await ctx.db.all<{ venueId: number; cityCode: string; shows: number }>(sql`
      SELECT s.venue_id AS venueId, s.city_code AS cityCode, count(*) AS shows
      FROM shows s
      WHERE s.status IN ${LISTED} AND EXISTS (SELECT 1 FROM sessions se WHERE se.show_id = s.id AND ${upcoming(now)})
      GROUP BY s.venue_id, s.city_code`);
    const counts: PlaceCounts = { venues: new Map(), cities: new Map() };
    for (const row of rows) {
      counts.venues.set(row.venueId, (counts.venues.get(row.venueId) ?? 0) + row.shows);
      counts.cities.set(row.cityCode, (counts.cities.get(row.cityCode) ?? 0) + row.shows);
    }
    return counts;
  });
}

/** Ranked, then the one with more shows to come first, then by id or code. */
const byRankThenShows = <T extends { rank: Rank; upcomingShows: number }>(key: (item: T) => string | number) => (a: T, b: T) =>
  a.rank - b.rank || b.upcomingShows - a.upcomingShows || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

type VenueRow = { id: number; nameEn: string; nameZh: string; cityCode: string };

function venueRows(ctx: MarketContext, hits: Hits): Read<VenueRow[]> {
  if (hits.venues.size === 0) return readNothing([]);
  const ids = [...hits.venues.keys()];
  return {
    statements: [
      readRows<VenueRow>(ctx, sql`
        SELECT id, name_en AS nameEn, name_zh AS nameZh, city_code AS cityCode FROM venues
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`),
    ],
    finish: ([rows]) => rows as VenueRow[],
  };
}

function venuesOf(ctx: MarketContext, hits: Hits, rows: VenueRow[], counts: PlaceCounts, reference: Reference): SearchVenue[] {
  const zh = ctx.viewer.language === "zh-HK";
  return rows
    .map((row) => ({ row, rank: hits.venues.get(row.id)!, upcomingShows: counts.venues.get(row.id) ?? 0 }))
    .sort(byRankThenShows((item) => item.row.id))
    .map(({ row, rank, upcomingShows }) => ({
      id: row.id,
      name: zh ? row.nameZh : row.nameEn,
      city: { code: row.cityCode, name: locationName(reference, row.cityCode, ctx.viewer.language) },
      upcomingShows,
      match: matchName(rank),
    }));
}

function citiesOf(ctx: MarketContext, hits: Hits, counts: PlaceCounts, reference: Reference): SearchCity[] {
  return [...hits.cities.keys()]
    .map((code) => ({ code, rank: hits.cities.get(code)!, upcomingShows: counts.cities.get(code) ?? 0 }))
    .sort(byRankThenShows((item) => item.code))
    .map(({ code, rank, upcomingShows }) => ({
      code,
      name: locationName(reference, code, ctx.viewer.language),
      locationCode: reference.locationByCode.get(code)?.parentCode ?? null,
      upcomingShows,
      match: matchName(rank),
    }));
}

function categoryItems(ctx: MarketContext, hits: Hits): Read<SearchCategory[]> {
  if (hits.categories.size === 0) return readNothing([]);
  const zh = ctx.viewer.language === "zh-HK";
  type Row = { id: number; slug: string; nameEn: string; nameZh: string; sort: number };
  const query = readRows<Row>(ctx, sql`
    SELECT id, slug, name_en AS nameEn, name_zh AS nameZh, sort FROM categories
    WHERE id IN (SELECT value ->> 0 FROM json_each(${json(hits.categories)}))`);
  return { statements: [query], finish: ([rows]) => categoriesOf(hits, rows as Row[], zh) };
}

function categoriesOf(hits: Hits, rows: { id: number; slug: string; nameEn: string; nameZh: string; sort: number }[], zh: boolean): SearchCategory[] {
  return rows
    .sort((a, b) => hits.categories.get(a.id)! - hits.categories.get(b.id)! || a.sort - b.sort || a.id - b.id)
    .map((row) => ({ id: row.id, slug: row.slug, name: zh ? row.nameZh : row.nameEn }));
}

/** Names most alike the keyword by shared bigrams (Dice), in the viewer's language, for an empty result. */
async function closestNames(ctx: MarketContext, key: SearchKey): Promise<string[]> {
  if (key.grams.length === 0) return [];
  const language = ctx.viewer.language === "zh-HK" ? "zh" : "en";
  const rows = await ctx.db.all<{ kind: "tour" | "venue" | "city" | "category"; entityId: number; field: SearchField; name: string; likeness: number }>(sql`
    SELECT n.kind AS kind, n.entity_id AS entityId, n.field AS field, n.name AS name,
      2.0 * count(*) / (${key.grams.length} + n.grams) AS likeness
    FROM search_grams g JOIN search_names n ON n.id = g.name_id
    WHERE g.gram IN (SELECT value FROM json_each(${JSON.stringify(key.grams)})) AND n.field != 'address'
    GROUP BY g.name_id HAVING likeness >= ${CLOSEST_LIKENESS}
    ORDER BY likeness DESC, n.id LIMIT ${CLOSEST_COUNT * 4}`);
  if (rows.length === 0) return [];
  // The same names in the viewer's language, where the entity has them.
  const own = rows.map((row) => nameIdOf(row.kind, row.entityId, row.field, language));
  const translated = await ctx.db.all<{ id: number; name: string }>(sql`
    SELECT id, name FROM search_names WHERE id IN (SELECT value FROM json_each(${JSON.stringify(own)}))`);
  const names = new Map(translated.map((row) => [row.id, row.name]));
  const offered = new Set<string>();
  for (const [i, row] of rows.entries()) {
    offered.add(names.get(own[i]) ?? row.name);
    if (offered.size === CLOSEST_COUNT) break;
  }
  return [...offered];
}

const emptyPage = <T>(paging: Paging): Page<T> => pageOf<T>([], 0, paging);

/** A whole ranked group as one page: the group's own page when narrowed to it, its first few in an 'all' search. */
function groupPage<T>(items: T[], type: SearchType, group: SearchType, paging: Paging): Page<T> {
  if (type !== group && type !== "all") return emptyPage(paging);
  const own = groupPaging(type, group, paging);
  return pageOf(items.slice(offsetOf(own), offsetOf(own) + own.pageSize), items.length, own);
}

/** One page of what matches `query.keyword`, grouped, for the context's viewer and clock. Reads only. */
export async function searchCatalog(ctx: MarketContext, query: SearchQuery): Promise<SearchResults> {
  const { type } = query;
  const key = searchKey(query.keyword);
  const hits = await findHits(ctx, key);
  const wants = (group: SearchType) => type === "all" || type === group;
  // Every group's statements in one batch: one round trip, however many groups matched.
  const placesWanted = (wants("venues") && hits.venues.size > 0) || (wants("cities") && hits.cities.size > 0);
  const [[ranked, artists, venueRowList, categories, reference], counts] = await Promise.all([
    readTogether<[{ rows: RankedRow[]; total: number | null }, Page<SearchArtist>, VenueRow[], SearchCategory[], Reference]>(ctx, [
      wants("shows") ? rankedShows(ctx, hits, query) : readNothing({ rows: [], total: 0 }),
      wants("artists") ? artistItems(ctx, hits, groupPaging(type, "artists", query)) : readNothing(emptyPage<SearchArtist>(query)),
      wants("venues") ? venueRows(ctx, hits) : readNothing([]),
      wants("shows") ? categoryItems(ctx, hits) : readNothing([]),
      { statements: [], finish: (_, reference) => reference },
    ]),
    placesWanted ? upcomingShowCounts(ctx) : { venues: new Map(), cities: new Map() },
  ]);
  const venues = venuesOf(ctx, hits, venueRowList, counts, reference);
  const cities = wants("cities") ? citiesOf(ctx, hits, counts, reference) : [];
  // A page past the end has no row to carry the total: count on its own then.
  const total = ranked.total ?? (await rankedShowsQuery(ctx, hits, { page: 1, pageSize: 1 }))[0]?.total ?? 0;
  const showList = await showItems(ctx, ranked.rows);
  const results: SearchResults = {
    keyword: query.keyword,
    type,
    shows: wants("shows") ? pageOf(showList, total, query) : emptyPage(query),
    artists,
    venues: groupPage(venues, type, "venues", query),
    cities: groupPage(cities, type, "cities", query),
    categories,
    closest: [],
  };
  const nothing = [results.shows, results.artists, results.venues, results.cities].every((group) => group.total === 0) && categories.length === 0;
  if (nothing) results.closest = await closestNames(ctx, key);
  return results;
}

/** What the empty search field offers: the most popular artists with shows to come, the cities that have them, and the categories. Reads only. */
export async function popularSearches(ctx: MarketContext): Promise<PopularSearches> {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const [filters, artists] = await Promise.all([
    showListFilters(ctx),
    ctx.db.all<{ artistEn: string; artistZh: string }>(sql`
      SELECT t.artist_en AS artistEn, t.artist_zh AS artistZh
      FROM tours t JOIN shows s ON s.tour_id = t.id AND s.status IN ${LISTED} JOIN sessions se ON se.show_id = s.id
      WHERE ${upcoming(now)}
      GROUP BY t.artist_en, t.artist_zh
      ORDER BY max(t.popularity) DESC, min(t.id)
      LIMIT ${POPULAR_ARTISTS}`),
  ]);
  return {
    keywords: [...artists.map((row) => (zh ? row.artistZh : row.artistEn)), ...filters.cities.slice(0, POPULAR_CITIES).map((city) => city.name)],
    categories: filters.categories,
  };
}
