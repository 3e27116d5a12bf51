/**
 * The searches this device made, newest first (localStorage `recentSearches`): the search field
 * offers them when it is empty. Kept on the device only, never sent; the buyer can clear them.
 * One search typed two ways ('Nova ', 'nova') is kept once, as last typed.
 */
import { normalisedKeyword } from "../../functions/web/search-keyword";
import { SEARCH_KEYWORD_MAX } from "@market/search/results";
import { readItem, writeItem, type DeviceStore } from "./device-store";

export const RECENT_SEARCHES_KEY = "recentSearches";
/** As many as the empty field shows without scrolling on a phone. */
export const RECENT_SEARCHES_MAX = 8;

/** The kept searches; anything unreadable in storage counts as none. */
export function readRecentSearches(store: DeviceStore | null): string[] {
  const raw = readItem(store, RECENT_SEARCHES_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === "string" && item.trim() !== "" && item.length <= SEARCH_KEYWORD_MAX)
      .slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

/** Keeps `keyword` first (a blank one is not a search) and returns the list as kept. */
export function rememberSearch(store: DeviceStore | null, keyword: string): string[] {
  const typed = keyword.trim().replace(/\s+/g, " ");
  const kept = readRecentSearches(store);
  if (typed === "" || typed.length > SEARCH_KEYWORD_MAX) return kept;
  const same = normalisedKeyword(typed);
  const next = [typed, ...kept.filter((item) => normalisedKeyword(item) !== same)].slice(0, RECENT_SEARCHES_MAX);
  writeItem(store, RECENT_SEARCHES_KEY, JSON.stringify(next));
  return next;
}

export function clearRecentSearches(store: DeviceStore | null): void {
  try {
    store?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Storage that refuses a removal has nothing this page can do about it.
  }
}
