/**
 * Who is asking, for limits that must not let one caller spend another's allowance: the
 * caller's network address as Cloudflare's edge reports it (a header no client can set through
 * the edge). Null where there is no edge in front (tests).
 */
export function requesterOf(request: Request): string | null {
  const address = request.headers.get("cf-connecting-ip")?.trim();
  return address && address.length <= 64 ? address : null;
}
