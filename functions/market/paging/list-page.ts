/**
 * One page of a list: its size limits and its shape, shared by screens, the API and the domain.
 * Kept apart from the query schema (paging.ts) so a screen that only needs these ships no zod.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
/** Deeper than anyone scrolls; keeps OFFSET bounded. */
export const MAX_PAGE = 1_000;

/** One page of a list, the shape every paged API answer and screen shares. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}
