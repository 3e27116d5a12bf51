import type { Language } from "../../market/context/viewer";

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
