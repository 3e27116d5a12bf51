/**
 * Search over the catalog (issue: find any artist, show, venue or city). To be written: this
 * holds the signatures the API and the search screen are built against.
 */
import type { MarketContext } from "../context";
import type { PopularSearches, SearchResults } from "./results";
import type { SearchQuery } from "./query";

/** One page of what matches `query.keyword`, grouped, for the context's viewer and clock. Reads only. */
export async function searchCatalog(_ctx: MarketContext, query: SearchQuery): Promise<SearchResults> {
  const empty = { list: [], total: 0, page: query.page, pageSize: query.pageSize, hasMore: false };
  return { keyword: query.keyword, type: query.type, shows: empty, artists: empty, venues: empty, cities: empty, categories: [], closest: [] };
}

/** What the empty search field offers. Reads only. */
export async function popularSearches(_ctx: MarketContext): Promise<PopularSearches> {
  return { keywords: [], categories: [] };
}
