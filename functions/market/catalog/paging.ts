/**
 * Paging of discovery lists. Pages are numbered from 1; a page past the end is an empty list,
 * never an error, so a client that loads one page too many just stops. SPEC §9 exports 20 as a
 * constant: it is the page size unless the caller asks for another (at most 50).
 */
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
/** Deeper than anyone scrolls; keeps OFFSET bounded. */
export const MAX_PAGE = 1_000;

/** A query-string value: an empty value (`?page=` from a GET form) counts as absent. */
export function queryParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

export const pagingSchema = z.object({
  page: queryParam(z.coerce.number().int().min(1).max(MAX_PAGE)).transform((page) => page ?? 1),
  pageSize: queryParam(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)).transform((size) => size ?? DEFAULT_PAGE_SIZE),
});

export type Paging = z.output<typeof pagingSchema>;

/** One page of a list, the shape every paged API answer and screen shares. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export function pageOf<T>(list: T[], total: number, paging: Paging): Page<T> {
  return { list, total, page: paging.page, pageSize: paging.pageSize, hasMore: paging.page * paging.pageSize < total };
}

/** Rows to skip before a page. */
export function offsetOf(paging: Paging): number {
  return (paging.page - 1) * paging.pageSize;
}
