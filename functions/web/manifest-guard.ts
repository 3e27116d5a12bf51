/**
 * The route manifest endpoint of lazy route discovery (`/__manifest?paths=…&version=…`) answers
 * the browser with the routes for a list of paths. Its input is a list the client chooses, so it
 * is bounded here before the framework reads it: a client asks for the links on one screen,
 * well under the browser-side URL limit of 7,680 characters; anything larger or malformed is
 * refused at once with a 400.
 */
export const MANIFEST_PATH = "/__manifest";

const MAX_PATHS = 500;
const MAX_PATH_LENGTH = 512;
const MAX_QUERY_LENGTH = 8_192;

/** A 400 for a manifest request outside the bounds above, or null when it may proceed. */
export function refuseBadManifestRequest(url: URL): Response | null {
  if (url.pathname !== MANIFEST_PATH) return null;
  const paths = url.searchParams.getAll("paths");
  const version = url.searchParams.get("version");
  const list = paths.length === 1 ? paths[0].split(",").filter(Boolean) : [];
  const wellFormed =
    url.search.length <= MAX_QUERY_LENGTH &&
    paths.length === 1 &&
    version !== null &&
    /^[\w-]{1,64}$/.test(version) &&
    list.length > 0 &&
    list.length <= MAX_PATHS &&
    list.every((path) => path.length <= MAX_PATH_LENGTH && path.startsWith("/"));
  return wellFormed ? null : new Response("Bad Request", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}
