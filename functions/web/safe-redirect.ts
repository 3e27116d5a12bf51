/**
 * The one check every redirect sink uses for an address it was handed (redirectTo, returnTo):
 * the address is read as a browser would read it in a Location header (tabs and newlines
 * dropped, surrounding spaces and control characters trimmed, "\" taken as "/", "." and ".."
 * resolved), and only a path on this same site is kept: one that still starts with a single "/"
 * after all that. "//evil.example", "/\evil.example", "/\t/evil.example", "/.//evil.example" and
 * "https://evil.example" are all refused.
 */
const HERE = "https://ovation.invalid";

/** The same-site path (path, query and fragment) `value` names, normalised; null for anything else. */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  // What the URL parser strips before it reads anything (WHATWG URL: tab/newline anywhere, C0 and space at the ends).
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!/^\/(?![/\\])/.test(cleaned)) return null;
  let target: URL;
  try {
    target = new URL(cleaned, HERE);
  } catch {
    return null;
  }
  // Dot segments can leave "//host" behind ("/.//evil.example"): that is another site to a browser.
  if (target.origin !== HERE || !/^\/(?![/\\])/.test(target.pathname)) return null;
  return `${target.pathname}${target.search}${target.hash}`;
}
