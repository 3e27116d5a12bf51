/**
 * A search as it arrives in a query string (API) or the search screen's GET form: the keyword,
 * which group, and paging. Strict: an unknown parameter is refused, never ignored.
 */
import * as z from "zod";
import { pagingSchema, queryParam } from "../paging";
import { SEARCH_KEYWORD_MAX, SEARCH_TYPES } from "./results";

export const searchQuerySchema = z.strictObject({
  keyword: z
    .string()
    // Control characters are never typed: refused, not searched for (a tab or a newline too).
    .regex(/^\P{Cc}*$/u, "control characters")
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1).max(SEARCH_KEYWORD_MAX)),
  type: queryParam(z.enum(SEARCH_TYPES)).transform((type) => type ?? "all"),
  ...pagingSchema.shape,
});

export type SearchQuery = z.output<typeof searchQuerySchema>;
