/**
 * Email support (SPEC §2 /emailSupport, §3 FAQ contact): a buyer or a guest writes to customer
 * service.
 *
 * Rules:
 * - At most 5 requests a day per account and per contact email address (SPEC §9); the sixth is
 *   refused with clientEmailSendLimit 200501, 'You've reached the daily limit of 5 email
 *   requests.' Both counts apply at once: a signed-in buyer cannot get round the limit by
 *   changing the contact address, nor a guest by signing in.
 * - A day is a Hong Kong calendar day (the service's home), so the limit resets at the same
 *   moment for everyone and cannot be moved by changing the viewer's time zone.
 * - The limit holds under concurrent submits: the count and the insert are one statement.
 * - Each accepted request is stored, mailed to support (SUPPORT_EMAIL, else
 *   support@ovation.example) and acknowledged to the contact address in the viewer's language;
 *   customer service replies within 48 hours.
 */
import { sql } from "drizzle-orm";
import { supportRequests } from "../../db/schema";
import { zonedStartOfDay } from "../calendar";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { DEFAULT_SUPPORT_EMAIL, SUPPORT_REPLY_HOURS, supportReceiptMail, supportTeamMail } from "./support-mail";
import type { SupportRequestInput } from "./support-request-schema";

export const SUPPORT_DAILY_LIMIT = 5;
export const SUPPORT_DAY_TIME_ZONE = "Asia/Hong_Kong";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Where support requests are mailed; support@ovation.example when unset. */
      SUPPORT_EMAIL?: string;
    }
  }
}

export interface SupportRequestReceipt {
  id: number;
  /** Customer service replies within this many hours (SPEC §9). */
  replyWithinHours: number;
}

/**
 * Stores a support request from the viewer (signed in or not) and mails it to support and, as
 * a receipt, to the contact address. Throws MarketError clientEmailSendLimit when the account
 * or the address has already sent 5 today. Writes one support_requests row and two outbox mails.
 */
export async function submitSupportRequest(ctx: MarketContext, input: SupportRequestInput): Promise<SupportRequestReceipt> {
  const now = ctx.now();
  const dayStart = zonedStartOfDay(now, SUPPORT_DAY_TIME_ZONE);
  const { language, userId } = ctx.viewer;
  const t = supportRequests;

  // Insert only while both counts are under the limit; nothing inserted means the limit is hit.
  const inserted = await ctx.db.all<{ id: number }>(sql`
    INSERT INTO ${t} (${sql.identifier(t.issueType.name)}, ${sql.identifier(t.orderNo.name)}, ${sql.identifier(t.name.name)},
      ${sql.identifier(t.contactEmail.name)}, ${sql.identifier(t.phone.name)}, ${sql.identifier(t.message.name)},
      ${sql.identifier(t.language.name)}, ${sql.identifier(t.userId.name)}, ${sql.identifier(t.createdAt.name)})
    SELECT ${input.issueType}, ${input.orderNo ?? null}, ${input.name}, ${input.email}, ${input.phone}, ${input.message},
      ${language}, ${userId}, ${now}
    WHERE (SELECT COUNT(*) FROM ${t} WHERE ${t.createdAt} >= ${dayStart} AND ${t.contactEmail} = ${input.email}) < ${SUPPORT_DAILY_LIMIT}
      AND (${userId} IS NULL OR (SELECT COUNT(*) FROM ${t} WHERE ${t.createdAt} >= ${dayStart} AND ${t.userId} = ${userId}) < ${SUPPORT_DAILY_LIMIT})
    RETURNING ${sql.identifier(t.id.name)} AS id`);
  const id = inserted[0]?.id;
  if (id === undefined) throw new MarketError("clientEmailSendLimit");

  const request = { id, ...input, language, userId };
  const supportAddress = ctx.env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL;
  await Promise.all([ctx.mail.send(supportTeamMail(request, supportAddress)), ctx.mail.send(supportReceiptMail(request))]);
  return { id, replyWithinHours: SUPPORT_REPLY_HOURS };
}
