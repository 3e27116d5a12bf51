/**
 * Search (issue: find any artist, show, venue or city) for native apps and partner channels:
 *
 *   GET /pub/home/v1/search?keyword=&type=&page=&pageSize=   SearchResults
 *   GET /pub/home/v1/search/popular                           PopularSearches
 *
 * The query is parsed strictly (search/query.ts): a missing, too long or control-character
 * keyword, an unknown type, a parameter given twice or one we do not know is invalidParam naming
 * it. Any other keyword is searched as text; one with no letter or digit finds nothing.
 */
import type { Hono } from "hono";
import type { z } from "zod";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { parsed } from "../parse";
import { MarketError } from "../../market/errors";
import { popularSearches, searchCatalog } from "../../market/search/search";
import { searchQuerySchema } from "../../market/search/query";

/** The query string as an object without empty values (SPEC §5); a parameter given twice is refused, not picked. */
function singleValuedQuery(url: string): Record<string, string> {
  const query: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [key, value] of new URL(url).searchParams) {
    if (seen.has(key)) throw new MarketError("invalidParam", { params: { field: key, reason: "given more than once" } });
    seen.add(key);
    if (value !== "") query[key] = value;
  }
  return query;
}

/** As invalidParam, naming an unknown parameter rather than the request. */
function refuse(error: z.ZodError): MarketError {
  const issue = error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    return new MarketError("invalidParam", { params: { field: issue.keys[0] ?? "request", reason: "unknown parameter" } });
  }
  return invalidParam(error);
}

export function registerSearchRoutes(api: Hono<ApiEnv>) {
  api.get("/pub/home/v1/search", async (c) => {
    const query = parsed(searchQuerySchema, singleValuedQuery(c.req.url), refuse);
    return c.json(ok(await searchCatalog(c.get("market"), query)));
  });

  api.get("/pub/home/v1/search/popular", async (c) => {
    // It takes no parameter: any is unknown.
    const unknown = [...new URL(c.req.url).searchParams.keys()][0];
    if (unknown !== undefined) throw new MarketError("invalidParam", { params: { field: unknown, reason: "unknown parameter" } });
    return c.json(ok(await popularSearches(c.get("market"))));
  });
}
