/**
 * The outbox adapter: every mail is a row in mail_outbox. With no provider configured the row
 * is the delivery (`held`), readable at /dev-outbox outside production; with a provider it is
 * the queue the provider is fed from, so a failed send is retried instead of lost.
 */
import { and, asc, desc, eq, lte, or, isNull } from "drizzle-orm";
import { mailOutbox, type MailStatus } from "../../db/schema";
import type { AdapterContext } from "../../market/context";
import type { MailMessage } from "../../market/context/mail-port";

export type OutboxContext = Pick<AdapterContext, "db" | "now">;
export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A row's extra headers, as the provider is given them. */
export function headersOf(row: Pick<OutboxRow, "headers">): Record<string, string> | undefined {
  return row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined;
}

export async function recordMail(ctx: OutboxContext, message: MailMessage, status: MailStatus): Promise<OutboxRow> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      kind: message.kind,
      language: message.language,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      status,
      nextAttemptAt: status === "queued" ? now : null,
      createdAt: now,
    })
    .returning();
  return row;
}

export async function markSent(ctx: OutboxContext, id: number): Promise<void> {
  await ctx.db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: ctx.now(), lastError: null, nextAttemptAt: null })
    .where(eq(mailOutbox.id, id));
}

export async function markAttemptFailed(
  ctx: OutboxContext,
  row: Pick<OutboxRow, "id" | "attempts">,
  error: string,
  policy: { maxAttempts: number; backoffMs: (attempt: number) => number },
): Promise<MailStatus> {
  const attempts = row.attempts + 1;
  const status: MailStatus = attempts >= policy.maxAttempts ? "failed" : "queued";
  await ctx.db
    .update(mailOutbox)
    .set({
      status,
      attempts,
      lastError: error.slice(0, 500),
      nextAttemptAt: status === "queued" ? ctx.now() + policy.backoffMs(attempts) : null,
    })
    .where(eq(mailOutbox.id, row.id));
  return status;
}

/** Queued mail whose next attempt is due, oldest first. */
export function dueMail(ctx: OutboxContext, limit: number): Promise<OutboxRow[]> {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "queued"), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, ctx.now()))))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/** The newest mail first, optionally for one address: the outbox page and tests read it. */
export function readOutbox(ctx: Pick<AdapterContext, "db">, options: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
  const query = ctx.db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.toAddress, options.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailOutbox.id)).limit(options.limit ?? 50);
}
