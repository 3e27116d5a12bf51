/**
 * The translations of one namespace, for the browser's translator: the same file the server reads
 * from the static assets (docs/decisions.md 284). Cached for a year: the URL carries the build id.
 */
import { namespaceOf } from "@market/translations/store";
import type { Route } from "./+types/locales";
import { notFoundResponse } from "~/server/refusal.server";

export async function loader({ params }: Route.LoaderArgs) {
  const namespace = await namespaceOf(params.lng, params.ns);
  if (!namespace) throw notFoundResponse();
  return new Response(JSON.stringify(namespace), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" },
  });
}
