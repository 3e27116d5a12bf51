/**
 * The ticket alert's input, shared by the API, the tour page's action and the browser (conform),
 * so the browser validates exactly what the server does. Imports nothing but zod: it ships to
 * the browser. Messages are keys in the `errors` locale namespace.
 */
import { z } from "zod";

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

/** The alert form on a tour's page; the tour comes from the page's address. */
export const ticketAlertFormSchema = z.object({ email: alertEmailSchema });

/** The API's alert request: `{ tourId, email }`. */
export const ticketAlertSchema = ticketAlertFormSchema.extend({
  tourId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export type TicketAlertRequest = z.output<typeof ticketAlertSchema>;
