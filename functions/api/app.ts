/**
 * The JSON API door (SPEC §7): Hono routes under the spec's prefixes, each a thin call into
 * functions/market. Every answer is the SPEC §8 envelope; nothing ever answers a stack trace.
 */
import { Hono } from "hono";
import { createMarketContext, readStartOf } from "../wiring";
import { readBookmarkOf } from "../market/context";
import { DEFAULT_VIEWER } from "../market/context/viewer";
import { MarketError } from "../market/errors";
import { logError, requestIdOf } from "../observability";
import { failure, httpStatusOf } from "./envelope";
import { messageOf } from "../market/messages";
import { readApiHeaders, resolveApiViewer } from "./request-context";
import { registerReferenceRoutes } from "./routes/reference";
import { registerAccountRoutes } from "./routes/accounts";
import { presentedApiSession, resolveApiSession } from "./session";
import type { ApiEnv } from "./api-env";
import { registerShowListRoutes } from "./routes/show-list";
import { registerSearchRoutes } from "./routes/search";
import { registerTourDetailRoutes } from "./routes/tour-detail";
import { registerAlertRoutes } from "./routes/alerts";
import { registerOrderRoutes } from "./routes/orders";
import { registerSupportRoutes } from "./routes/support";
import { registerHomeRoutes } from "./routes/home";
import { registerTourListRoutes } from "./routes/tours";
import { registerConfigRoutes } from "./routes/config";
import { registerAddressRoutes } from "./routes/addresses";
import { registerCouponRoutes } from "./routes/coupons";
import { registerListingRoutes } from "./routes/listings";
import { registerAfterSaleRoutes } from "./routes/after-sales";
import { registerDeliveryRoutes } from "./routes/delivery";
import { registerDemandRoutes } from "./routes/demand";
import { registerMessagingRoutes } from "./routes/messaging";
import { registerChatFindRoutes } from "./routes/chat-find";
import { registerAnalyticsRoutes } from "./routes/analytics";
import { registerStudentRoutes } from "./routes/students";
import { registerSellingRoutes } from "./routes/selling";
import { registerEntryRoutes } from "./routes/entry";
import { registerNotificationRoutes } from "./routes/notifications";
import { registerAppleWalletRoutes } from "./routes/apple-wallet";

/** The D1 bookmark an answer carries and the app sends back on its next call. */
export const BOOKMARK_HEADER = "bookmark";

/** A session's assertion (decision 268), answered after D1 judged the session and sent back by the app. */
export const ASSERTION_HEADER = "session-assertion";

/** Routes whose own read checks the caller's session, sparing a D1 round trip (docs/decisions.md 172). */
const SESSION_CHECKED_BY_ROUTE = new Set(["POST /user/order/v1/create"]);

export function createApi() {
  const api = new Hono<ApiEnv>();

  api.use("*", async (c, next) => {
    const headers = readApiHeaders(c.req.raw);
    const bootstrap = createMarketContext({ env: c.env, viewer: DEFAULT_VIEWER, reads: readStartOf(c.req.raw, headers.bookmark ?? null), defer: (work) => c.executionCtx.waitUntil(work) });
    const viewer = await resolveApiViewer(c.req.raw, headers, bootstrap);
    // The caller's session (access-token header, or the web cookie); routes needing one use requireSignedIn.
    const { session, assertion } = SESSION_CHECKED_BY_ROUTE.has(`${c.req.method} ${c.req.path}`)
      ? { session: await presentedApiSession(c.req.raw, headers), assertion: null }
      : await resolveApiSession(c.req.raw, headers, { ...bootstrap, viewer });
    c.set("headers", headers);
    c.set("session", session);
    const presentedSession = session.status === "presented" ? { tokenHash: session.tokenHash, publicId: session.publicId } : null;
    c.set("market", { ...bootstrap, viewer: { ...viewer, userId: session.status === "valid" ? session.userId : null, presentedSession } });
    await next();
    // Where the app's next call starts reading, so it sees what this one wrote (docs/decisions.md 266).
    const bookmark = readBookmarkOf(bootstrap);
    if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
    if (assertion) c.header(ASSERTION_HEADER, assertion);
  });

  registerReferenceRoutes(api);
  registerAccountRoutes(api);
  registerShowListRoutes(api);
  registerSearchRoutes(api);
  registerTourDetailRoutes(api);
  registerAlertRoutes(api);
  registerNotificationRoutes(api);
  registerOrderRoutes(api);
  registerSupportRoutes(api);
  registerHomeRoutes(api);
  registerTourListRoutes(api);
  registerConfigRoutes(api);
  registerAddressRoutes(api);
  registerCouponRoutes(api);
  registerListingRoutes(api);
  registerAfterSaleRoutes(api);
  registerDeliveryRoutes(api);
  registerDemandRoutes(api);
  registerMessagingRoutes(api);
  registerChatFindRoutes(api);
  registerAnalyticsRoutes(api);
  registerStudentRoutes(api);
  registerSellingRoutes(api);
  registerEntryRoutes(api);
  registerAppleWalletRoutes(api);

  api.notFound((c) => c.json(failure(404, "Not found"), 404));

  api.onError(async (error, c) => {
    const language = c.get("market")?.viewer.language ?? "en-US";
    if (error instanceof MarketError) {
      return c.json(failure(error.code, await messageOf(error, language), error.data), httpStatusOf(error) as 200);
    }
    logError(error, { requestId: requestIdOf(c.req.raw), where: `api ${c.req.method} ${c.req.path}` });
    const systemError = new MarketError("systemError");
    return c.json(failure(systemError.code, await messageOf(systemError, language)), 500);
  });

  return api;
}

const api = createApi();

export function handleApi(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  return Promise.resolve(api.fetch(request, env, ctx));
}
