/**
 * The mail provider's secrets. All optional: without them every mail stays in the outbox
 * (read at /dev-outbox outside production), which is the local default.
 */
declare global {
  namespace Cloudflare {
    interface Env {
      /** A JSON mail API that accepts `{ from, to, subject, text, html }` with a bearer key. */
      MAIL_API_URL?: string;
      MAIL_API_KEY?: string;
      /** The sender, e.g. `Ovation <no-reply@ovation.example>`. */
      MAIL_FROM?: string;
    }
  }
}

export const DEFAULT_SENDER = "Ovation <no-reply@ovation.example>";

export interface MailProviderConfig {
  url: string;
  key: string;
  from: string;
}

/** The configured provider, or null when mail is kept in the outbox only. */
export function mailProviderConfig(env: Env): MailProviderConfig | null {
  if (!env.MAIL_API_URL || !env.MAIL_API_KEY) return null;
  return { url: env.MAIL_API_URL, key: env.MAIL_API_KEY, from: env.MAIL_FROM || DEFAULT_SENDER };
}
