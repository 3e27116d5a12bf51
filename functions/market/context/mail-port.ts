/**
 * The mail port: domain code calls `ctx.mail.send(message)` and never knows where mail goes
 * (functions/integrations/mail records it in the outbox and hands it to the provider).
 */
import type { MailStatus } from "../../db/schema";
import type { Language } from "./viewer";

/** One mail, already written in its recipient's language. */
export interface MailMessage {
  to: string;
  /** What the mail is (verify_code, support_request, …): shown in the outbox, kept for support. */
  kind: string;
  language: Language;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on alert mail). */
  headers?: Record<string, string>;
}

export interface SentMail {
  id: number;
  status: MailStatus;
}

export interface MailPort {
  /** Records the mail and sends it when it can; a provider failure never fails the caller. */
  send(message: MailMessage): Promise<SentMail>;
}
