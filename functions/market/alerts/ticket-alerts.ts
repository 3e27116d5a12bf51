/**
 * Ticket alerts (SPEC §2 tourDetail's email modal): a buyer leaves an email on a tour's page to
 * hear when tickets or new dates appear.
 *
 * Rules:
 * - The email is required ('Please enter your email') and must be a valid address ('Please
 *   enter a valid email address', SPEC §5); it is kept trimmed and lower-cased, so the same
 *   address typed twice is one subscription.
 * - A subscription is idempotent per tour and email: subscribing again changes nothing and is
 *   still a success.
 * - The alert is sent in the language the viewer subscribed in.
 * - A tour that does not exist is not found.
 */
import { eq } from "drizzle-orm";
import { ticketAlerts, tours } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import type { TicketAlertRequest } from "./ticket-alert-schema";

export interface TicketAlertSubscription {
  tourId: number;
  email: string;
  /** True when this tour and email were already subscribed (nothing changed). */
  alreadySubscribed: boolean;
}

/**
 * Subscribes `email` to alerts for tour `tourId`, in the viewer's language. Idempotent per tour
 * and email. Throws MarketError notFound when the tour does not exist. Writes one ticket_alerts
 * row at most.
 */
export async function subscribeTicketAlert(ctx: MarketContext, request: TicketAlertRequest): Promise<TicketAlertSubscription> {
  const [tour] = await ctx.db.select({ id: tours.id }).from(tours).where(eq(tours.id, request.tourId)).limit(1);
  if (!tour) throw notFound("tour");
  const inserted = await ctx.db
    .insert(ticketAlerts)
    .values({ tourId: request.tourId, email: request.email, language: ctx.viewer.language, createdAt: ctx.now() })
    .onConflictDoNothing({ target: [ticketAlerts.tourId, ticketAlerts.email] })
    .returning({ id: ticketAlerts.id });
  return { tourId: request.tourId, email: request.email, alreadySubscribed: inserted.length === 0 };
}
