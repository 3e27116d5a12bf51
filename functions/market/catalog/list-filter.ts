/**
 * The narrowing the discovery lists share in their query strings: one category, and a place
 * (see reference/scope.ts). The event list, the show list and the tag list read it alike.
 */
import { queryParam } from "../paging";
import { cityCodeSchema } from "../reference/scope";
import { wholeNumber } from "../input/fields";

export const categoryInPlaceFilter = {
  categoryId: queryParam(wholeNumber(1, 1_000_000)),
  cityCode: queryParam(cityCodeSchema),
};
