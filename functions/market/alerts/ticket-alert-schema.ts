/**
 * The ticket alert's input, shared by the API, the tour page's action and the browser (conform),
 * so the browser validates exactly what the server does. Imports nothing but zod: it ships to
 * the browser. Messages are keys in the `errors` locale namespace.
 */
import * as z from "zod";
import { recordId, wholeNumber } from "../input/fields";

export const TICKET_ALERT_MESSAGES = {
  /** SPEC §5: the tour alert requires an email. */
  emailRequired: "ticketAlert.emailRequired",
  /** SPEC §5: shared by login, address and the tour alert. */
  emailInvalid: "email.invalid",
} as const;

/** RFC 5321's limit on a forward path. */
const EMAIL_MAX_LENGTH = 254;

/** Required, a valid address, trimmed and lower-cased (so one address is one subscription). */
export const alertEmailSchema = z
  .string({ error: TICKET_ALERT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: TICKET_ALERT_MESSAGES.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: TICKET_ALERT_MESSAGES.emailInvalid })
  .pipe(z.email({ error: TICKET_ALERT_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

const blankIsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);
const positiveId = recordId();

/** A price to fall under, in whole units of the viewer's currency (a form's blank is none). */
export const alertPriceSchema = z.preprocess(blankIsAbsent, wholeNumber(1, 100_000_000).optional());

/** The alert form on a tour's page; the tour comes from the page's address. */
export const ticketAlertFormSchema = z.object({ email: alertEmailSchema });

/** The alert form on a session's pick-seat page: an email and, optionally, a price. */
export const sessionAlertFormSchema = z.object({ email: alertEmailSchema, priceBelow: alertPriceSchema });

/**
 * The API's alert request: `{ tourId, email, sessionId?, priceBelow? }`. With a session the alert
 * follows that session only; with a price it also tells when the lowest price falls to it or below.
 */
export const ticketAlertSchema = ticketAlertFormSchema.extend({
  tourId: positiveId,
  sessionId: z.preprocess(blankIsAbsent, positiveId.optional()),
  priceBelow: alertPriceSchema,
});

/** An unsubscribe link's token (signed; see alerts/alert-mail.ts). */
export const alertUnsubscribeSchema = z.object({ token: z.string().min(1).max(400) });

export type TicketAlertRequest = z.output<typeof ticketAlertSchema>;
