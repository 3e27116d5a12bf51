/**
 * The mail adapter behind the domain's mail port (market/context/mail-port.ts): a mail goes
 * always into the outbox (the record, and the queue), then straight on to the HTTP provider
 * when one is configured. A provider failure never fails the caller: the mail stays queued and
 * `deliverQueuedMail` (the cron) retries it with backoff.
 */
import type { AdapterContext } from "../../market/context";
import type { MailMessage, MailPort, SentMail } from "../../market/context/mail-port";
import { mailProviderConfig } from "./config";
import { deliverByHttp } from "./http-provider";
import { dueMail, headersOf, markAttemptFailed, markSent, recordMail, type OutboxRow } from "./outbox";

export { headersOf, readOutbox, type OutboxRow } from "./outbox";

export type MailContext = Pick<AdapterContext, "db" | "env" | "now">;

const RETRY_POLICY = {
  maxAttempts: 6,
  /** 1, 2, 4, 8, 16 minutes: a provider outage of half an hour still delivers. */
  backoffMs: (attempt: number) => 60_000 * 2 ** (attempt - 1),
};

/** The mail port over the outbox and the configured provider. */
export function outboxMail(ctx: MailContext): MailPort {
  return { send: (message) => sendMail(ctx, message) };
}

/** Records the mail and hands it to the provider when there is one. Throws only if D1 fails. */
export async function sendMail(ctx: MailContext, message: MailMessage): Promise<SentMail> {
  const provider = mailProviderConfig(ctx.env);
  const normalised = { ...message, to: message.to.trim().toLowerCase() };
  const row = await recordMail(ctx, normalised, provider ? "queued" : "held");
  if (!provider) return { id: row.id, status: "held" };
  return { id: row.id, status: await attempt(ctx, row, provider) };
}

/** Retries queued mail that is due (the cron calls this every minute). Returns how many went out. */
export async function deliverQueuedMail(ctx: MailContext, limit = 20): Promise<number> {
  const provider = mailProviderConfig(ctx.env);
  if (!provider) return 0;
  let sent = 0;
  for (const row of await dueMail(ctx, limit)) {
    if ((await attempt(ctx, row, provider)) === "sent") sent++;
  }
  return sent;
}

async function attempt(ctx: MailContext, row: OutboxRow, provider: NonNullable<ReturnType<typeof mailProviderConfig>>) {
  const result = await deliverByHttp(provider, {
    to: row.toAddress,
    kind: row.kind,
    language: row.language as MailMessage["language"],
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody ?? undefined,
    headers: headersOf(row),
  });
  if (result.accepted) {
    await markSent(ctx, row.id);
    return "sent" as const;
  }
  return markAttemptFailed(ctx, row, result.error, RETRY_POLICY);
}
