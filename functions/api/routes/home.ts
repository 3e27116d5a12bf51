/**
 * Home for native apps, partner channels and the browser: the floors (Top Picks and the rows
 * around it), categories and tags, for the location the request's headers name (lc,
 * locationCityId) or the query's cityCode. Floors carry their titles in the viewer's language.
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { answerQuery } from "../parse";
import { invalidParam, ok } from "../envelope";
import { translateKey } from "../../market/messages";
import { homeFloors, type HomeFloor } from "../../market/catalog/floors";
import { categoryListQuerySchema, listCategories, listTags, tagListQuerySchema } from "../../market/catalog/tags";

export function registerHomeRoutes(api: Hono<ApiEnv>) {
  /** Every floor of Home; Top Picks continues with GET /pub/tour/v1/list?page=2. */
  api.get("/pub/home/v1/floors", async (c) => {
    const market = c.get("market");
    const home = await homeFloors(market);
    const floors = await Promise.all(
      home.floors.map(async (floor) => ({ ...floor, title: await floorTitle(floor, market.viewer.language) })),
    );
    return c.json(ok({ ...home, floors }));
  });

  /** ?cityCode= — every category, with its live tours in scope. */
  api.get("/pub/home/v1/category/list", answerQuery(categoryListQuerySchema, listCategories));

  /** ?categoryId=&cityCode= — tags with live tours in scope, most tours first. */
  api.get("/pub/home/v1/tag/list", answerQuery(tagListQuerySchema, listTags));
}

function floorTitle(floor: HomeFloor, language: Parameters<typeof translateKey>[1]): Promise<string> | string {
  if (floor.kind === "category") return floor.category.name;
  return translateKey(`discover:floors.${floor.kind}`, language);
}
