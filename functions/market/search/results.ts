/**
 * Search's answer (issue: find any artist, show, venue or city from the first screen): the shape
 * the domain (search.ts), the JSON API (GET /pub/home/v1/search) and the search screen share.
 * Kept apart from the query's schema so a screen that only draws results ships no zod.
 */
import type { ShowCard, ShowListItem } from "../catalog/show-list";
import type { Page } from "../paging/list-page";

/** What a search may be narrowed to: every group, or one group paged on its own. */
export const SEARCH_TYPES = ["all", "shows", "artists", "venues", "cities"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The longest keyword accepted, in characters after trimming; longer is refused as invalidParam. */
export const SEARCH_KEYWORD_MAX = 100;
/** How many of each group other than shows an `all` search carries. */
export const SEARCH_GROUP_PREVIEW = 5;

/** How a name matched the keyword, best first: the ranking's first key (docs/decisions.md). */
export type SearchMatch = "exact" | "prefix" | "word" | "anywhere";

/**
 * A show (a tour's stop at one venue) with its upcoming sessions' span and 'from' price: the
 * card Explore draws (show-list.ts's ShowCard, its time zone, sale date and the same 'from'
 * price), with a show's span in place of a session's start.
 */
export interface SearchShow extends ShowCard, Pick<ShowListItem, "timeZone" | "saleStartsAt" | "lowestPrice"> {
  /** Epoch ms of the first and last session still to come (of all sessions when the show is past). */
  firstStartsAt: number;
  lastStartsAt: number;
  /** Sessions still to come. */
  sessions: number;
  /** PAST when every session has started or stopped selling. */
  status: "ONSALE" | "PENDING" | "CANCEL" | "PAST";
  match: SearchMatch;
}

/** An artist or performer, with the tour to open (their soonest) and how many tours they have. */
export interface SearchArtist {
  name: string;
  tourId: number;
  tours: number;
  posterUrl: string;
  match: SearchMatch;
}

/** A venue as a place to browse: its upcoming shows are a `shows` search of its name. */
export interface SearchVenue {
  id: number;
  name: string;
  city: { code: string; name: string };
  upcomingShows: number;
  match: SearchMatch;
}

/** A city as a place to browse: Explore narrowed to it (/show-list?cityCode=). */
export interface SearchCity {
  code: string;
  name: string;
  /** The country or region it belongs to. */
  locationCode: string | null;
  upcomingShows: number;
  match: SearchMatch;
}

/** A category whose name matched: its shows are among `shows`; the screen offers it as a filter. */
export interface SearchCategory {
  id: number;
  slug: string;
  name: string;
}

export interface SearchResults {
  /** The keyword as searched: trimmed, inner runs of space made one. */
  keyword: string;
  type: SearchType;
  /** Upcoming shows first (on sale, then not yet, then cancelled), past shows last. */
  shows: Page<SearchShow>;
  artists: Page<SearchArtist>;
  venues: Page<SearchVenue>;
  cities: Page<SearchCity>;
  categories: SearchCategory[];
  /** When nothing matched: names close to the keyword to offer instead (may be empty). */
  closest: string[];
}

/** What the empty field offers: the searches most buyers make (the most popular artists and cities). */
export interface PopularSearches {
  keywords: string[];
  categories: SearchCategory[];
}
