/**
 * The HTTP mail provider adapter: one JSON POST per mail to MAIL_API_URL with MAIL_API_KEY as
 * a bearer token. Most transactional mail APIs accept this shape directly or behind a tiny
 * relay. A 2xx answer means the provider took the mail.
 */
import type { MailProviderConfig } from "./config";
import type { MailMessage } from "../../market/context/mail-port";

const PROVIDER_TIMEOUT_MS = 10_000;

export type ProviderResult = { accepted: true } | { accepted: false; error: string };

export async function deliverByHttp(config: MailProviderConfig, message: MailMessage): Promise<ProviderResult> {
  try {
    const response = await fetch(config.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${config.key}` },
      body: JSON.stringify({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (response.ok) return { accepted: true };
    const detail = (await response.text()).slice(0, 200);
    return { accepted: false, error: `HTTP ${response.status}${detail ? `: ${detail}` : ""}` };
  } catch (error) {
    return { accepted: false, error: error instanceof Error ? error.message : String(error) };
  }
}
