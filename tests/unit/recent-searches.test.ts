import { expect, test } from "vitest";
import { clearRecentSearches, readRecentSearches, rememberSearch, RECENT_SEARCHES_KEY } from "../../app/platform/recent-searches";
import { memoryStore, refusingStore } from "./support/device-stores";

test("a search is kept first, trimmed, under recentSearches", () => {
  const store = memoryStore();
  rememberSearch(store, "  nova   seven ");
  rememberSearch(store, "紅館");
  expect(JSON.parse(store.items.get(RECENT_SEARCHES_KEY)!)).toEqual(["紅館", "nova seven"]);
});

test("the same search typed again, in another case or width, moves to the front once, as last typed", () => {
  const store = memoryStore();
  rememberSearch(store, "nova");
  rememberSearch(store, "vivre");
  expect(rememberSearch(store, "ＮＯＶＡ")).toEqual(["ＮＯＶＡ", "vivre"]);
  expect(rememberSearch(store, "Vivre ")).toEqual(["Vivre", "ＮＯＶＡ"]);
});

test("at most eight are kept, the oldest dropped", () => {
  const store = memoryStore();
  for (const keyword of ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"]) rememberSearch(store, keyword);
  expect(readRecentSearches(store)).toEqual(["a9", "a8", "a7", "a6", "a5", "a4", "a3", "a2"]);
});

test("a blank search or one longer than a search can be is not kept", () => {
  const store = memoryStore();
  rememberSearch(store, "nova");
  expect(rememberSearch(store, "   ")).toEqual(["nova"]);
  expect(rememberSearch(store, "x".repeat(101))).toEqual(["nova"]);
});

test("cleared, none are left; unreadable storage reads as none; refusing storage breaks nothing", () => {
  const store = memoryStore();
  rememberSearch(store, "nova");
  clearRecentSearches(store);
  expect(readRecentSearches(store)).toEqual([]);
  store.items.set(RECENT_SEARCHES_KEY, "{not json");
  expect(readRecentSearches(store)).toEqual([]);
  store.items.set(RECENT_SEARCHES_KEY, JSON.stringify(["nova", 7, "", null]));
  expect(readRecentSearches(store)).toEqual(["nova"]);
  // Storage that refuses keeps nothing, though this page still shows the search it just made.
  const refusing = refusingStore();
  expect(rememberSearch(refusing, "nova")).toEqual(["nova"]);
  expect(readRecentSearches(refusing)).toEqual([]);
  expect(() => clearRecentSearches(refusingStore())).not.toThrow();
});
