/**
 * Paging of discovery lists. Pages are numbered from 1; a page past the end is an empty list,
 * never an error, so a client that loads one page too many just stops. SPEC §9 exports 20 as a
 * constant: it is the page size unless the caller asks for another (at most 50).
 */
import * as z from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, type Page } from "./list-page";
import { wholeNumber } from "../input/fields";

export { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, type Page } from "./list-page";

/** A query-string value: an empty value (`?page=` from a GET form) counts as absent. */
export function queryParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

export const pagingSchema = z.object({
  page: queryParam(wholeNumber(1, MAX_PAGE)).transform((page) => page ?? 1),
  pageSize: queryParam(wholeNumber(1, MAX_PAGE_SIZE)).transform((size) => size ?? DEFAULT_PAGE_SIZE),
});

export type Paging = z.output<typeof pagingSchema>;

export function pageOf<T>(list: T[], total: number, paging: Paging): Page<T> {
  return { list, total, page: paging.page, pageSize: paging.pageSize, hasMore: paging.page * paging.pageSize < total };
}

/** Rows to skip before a page. */
export function offsetOf(paging: Paging): number {
  return (paging.page - 1) * paging.pageSize;
}
