/** The translations of one namespace, for the browser's i18next. Cached for a year: the URL carries the build id. */
import { resources } from "@market/translations/resources";
import type { Route } from "./+types/locales";
import { notFoundResponse } from "~/server/refusal.server";

export async function loader({ params }: Route.LoaderArgs) {
  const byLanguage = resources[params.lng as keyof typeof resources];
  const namespace = byLanguage?.[params.ns as keyof typeof byLanguage];
  if (!namespace) throw notFoundResponse();
  return new Response(JSON.stringify(namespace), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" },
  });
}
