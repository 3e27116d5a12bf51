import type { EntryContext } from "react-router";

/**
 * Headers a route's loader or action set (`data(…, { headers })`), onto the page's answer.
 * Without a `headers` export React Router passes on only their cookies; no route exports one,
 * so the rule is kept here once: every route's headers, the deepest route's winning, cookies
 * left to React Router (it already appends them). The Worker then applies its cache rules
 * (functions/web/security-headers.ts), which keep a route's own Cache-Control.
 */
export function carryRouteHeaders(context: EntryContext, into: Headers): void {
  const { matches, loaderHeaders, actionHeaders } = context.staticHandlerContext;
  for (const match of matches) {
    for (const headers of [loaderHeaders[match.route.id], actionHeaders[match.route.id]]) {
      headers?.forEach((value, name) => {
        if (name.toLowerCase() !== "set-cookie") into.set(name, value);
      });
    }
  }
}
