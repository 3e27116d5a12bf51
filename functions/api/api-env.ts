/**
 * What every API request carries through Hono: the Worker's bindings, the market context built
 * for the caller, the SPEC headers read once, and the caller's session as the middleware found
 * it. Its own file, so the registrar (app.ts), its route modules and the session guard all name it
 * without importing each other.
 */
import type { SessionLookup } from "../market/accounts/sessions";
import type { PresentedSession } from "../market/context/viewer";
import type { MarketContext } from "../wiring";
import type { ApiHeaders } from "./request-context";

/** `presented`: a token left for the route's own read to check (presentedApiSession). */
export type ApiSession = SessionLookup | { status: "none" } | ({ status: "presented" } & PresentedSession);

export type ApiEnv = { Bindings: Env; Variables: { market: MarketContext; headers: ApiHeaders; session: ApiSession } };
