/** Explore's list (SPEC §2 showList) for native apps, partner channels and the browser's load-more. */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { parsed } from "../parse";
import { invalidParam, ok } from "../envelope";
import { listShows, showListFilters, showListQuerySchema } from "../../market/catalog/show-list";

/** A query string as an object, without empty values (SPEC §5: clients drop empty fields). */
function queryOf(url: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) if (value !== "") query[key] = value;
  return query;
}

export function registerShowListRoutes(api: Hono<ApiEnv>) {
  /** ?categoryId=&cityCode=&locationCode=&preset=|from=&to=&page=&pageSize= */
  api.get("/pub/home/v1/show/list", async (c) => {
    const query = parsed(showListQuerySchema, queryOf(c.req.url));
    return c.json(ok(await listShows(c.get("market"), query)));
  });

  /** The categories and cities Explore can be narrowed by. */
  api.get("/pub/home/v1/show/filters", async (c) => c.json(ok(await showListFilters(c.get("market")))));
}
