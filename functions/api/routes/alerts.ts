/**
 * Ticket alerts (SPEC §2 tourDetail's email modal):
 *   POST /pub/tour/v1/alert { tourId, email, sessionId?, priceBelow? }
 *   POST /pub/tour/v1/alert/unsubscribe { token }   (the mail's signed link; no sign-in)
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { ok } from "../envelope";
import { MarketError } from "../../market/errors";
import { alertUnsubscribeSchema, subscribeTicketAlert, ticketAlertSchema, TICKET_ALERT_MESSAGES, unsubscribeTicketAlert } from "../../market/alerts";
import { jsonBody, parsed } from "../parse";

const ALERT_MESSAGES: ReadonlySet<string> = new Set(Object.values(TICKET_ALERT_MESSAGES));

export function registerAlertRoutes(api: Hono<ApiEnv>) {
  api.post("/pub/tour/v1/alert", async (c) => {
    const body: unknown = await jsonBody(c.req.raw);
    const request = ticketAlertSchema.safeParse(body);
    if (!request.success) {
      // The alert's own SPEC §5 messages ('Please enter your email'…) are what the client
      // toasts, so the issue's message key is the answer's message; the field is named in it.
      const issue = request.error.issues[0];
      const field = issue?.path.map(String).join(".") || "request";
      const messageKey = issue && ALERT_MESSAGES.has(issue.message) ? issue.message : "invalidParam";
      throw new MarketError("invalidParam", { messageKey, params: { field } });
    }
    return c.json(ok(await subscribeTicketAlert(c.get("market"), request.data)));
  });

  api.post("/pub/tour/v1/alert/unsubscribe", async (c) => {
    const { token } = parsed(alertUnsubscribeSchema, await jsonBody(c.req.raw));
    return c.json(ok(await unsubscribeTicketAlert(c.get("market"), token)));
  });
}
