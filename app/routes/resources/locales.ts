/** The translations of one namespace, for the browser's i18next. Cached for a year: the URL carries the build id. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resources } from "~/i18n/resources";

export async function loader({ params }: LoaderFunctionArgs) {
  const byLanguage = resources[params.lng as keyof typeof resources];
  const namespace = byLanguage?.[params.ns as keyof typeof byLanguage];
  if (!namespace) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(namespace), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" },
  });
}
