/**
 * The root's data for any component or screen below it: viewer, currency display, pay methods,
 * theme (app/root.tsx's loader). Read by route id with a type-only import of the root, so nothing
 * below the root runs the root's module (it renders them) and no import goes round in a circle.
 */
import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root's data; undefined while an error page renders. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
