/**
 * Emailed verification codes: 6 random digits, valid 30 minutes (SPEC §9), stored only as a
 * salted SHA-256. Only the latest code for a purpose counts; a code allows at most 5 tries, and
 * wrong codes feed the code lockout.
 *
 * Code mails have their own limits (not the FAQ's 5-a-day support-mail cap), counted per address
 * and per requester (the caller's network address) so that no one can spend someone else's
 * allowance and lock them out of code sign-in, registration and password reset (decision 192):
 * one code every 60 s for an address and purpose from a requester; 10 a day for an address from one
 * requester; 30 a day for an address in all; 60 an hour from one requester over all addresses.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { emailCodes, users, type CodePurpose } from "../../db/schema";
import type { MarketContext } from "../context";
import { isLanguage } from "../context/language";
import { MarketError } from "../errors";
import { codeMail } from "./code-mail";
import { base64url, randomBytes, randomDigits, sameSecret, sha256 } from "../context/crypto";
import { assertNotLocked, clearFailures, failSignIn } from "./guards";

export const CODE_TTL_MS = 30 * 60_000;
export const DAILY_WINDOW_MS = 24 * 60 * 60_000;
export const HOUR_MS = 60 * 60_000;
/** An address and purpose, from one requester: one code mail per interval. */
export const CODE_RESEND_INTERVAL_MS = 60_000;
/** An address, from one requester, per 24 hours. */
export const CODE_MAILS_PER_REQUESTER_ADDRESS = 10;
/** An address, from everyone, per 24 hours: the mailbox is never flooded. */
export const CODE_MAILS_PER_ADDRESS = 30;
/** One requester, over every address, per hour. */
export const CODE_MAILS_PER_REQUESTER = 60;
export const CODE_MAX_ATTEMPTS = 5;

function hashCode(salt: string, code: string): Promise<string> {
  return sha256(`${salt}:${code}`);
}

/**
 * Mails a fresh code for `purpose` to the address, in the account's language when there is an
 * account, else the viewer's. `requester` is the caller's network address; null where no edge
 * reports one (never in a deployment): the per-address limits then apply to all such callers
 * together, and the per-requester hourly one does not. Throws clientEmailSendLimit (200501) past one
 * of the module's limits, its message saying which. Side effects: one email_codes row, one mail.
 */
export async function requestEmailCode(
  ctx: MarketContext,
  input: { email: string; purpose: CodePurpose; requester?: string | null },
): Promise<{ expiresAt: number }> {
  const now = ctx.now();
  const code = randomDigits(6);
  const salt = base64url(randomBytes(16));
  const codeHash = await hashCode(salt, code);
  const expiresAt = now + CODE_TTL_MS;

  const requester = input.requester ?? "";
  // The counts and the insert are one statement, so parallel requests cannot pass a limit together.
  const inserted = await ctx.db.run(sql`
    INSERT INTO ${emailCodes} (email, purpose, code_hash, salt, attempts, created_at, expires_at, requester)
    SELECT ${input.email}, ${input.purpose}, ${codeHash}, ${salt}, 0, ${now}, ${expiresAt}, ${requester}
    WHERE NOT EXISTS (SELECT 1 FROM ${emailCodes} WHERE email = ${input.email} AND purpose = ${input.purpose} AND requester = ${requester} AND created_at > ${now - CODE_RESEND_INTERVAL_MS})
      AND (SELECT count(*) FROM ${emailCodes} WHERE email = ${input.email} AND requester = ${requester} AND created_at > ${now - DAILY_WINDOW_MS}) < ${CODE_MAILS_PER_REQUESTER_ADDRESS}
      AND (SELECT count(*) FROM ${emailCodes} WHERE email = ${input.email} AND created_at > ${now - DAILY_WINDOW_MS}) < ${CODE_MAILS_PER_ADDRESS}
      AND (${requester} = '' OR (SELECT count(*) FROM ${emailCodes} WHERE requester = ${requester} AND created_at > ${now - HOUR_MS}) < ${CODE_MAILS_PER_REQUESTER})
  `);
  if (inserted.meta.changes === 0) throw await codeLimitError(ctx, input, requester, now);

  const [account] = await ctx.db.select({ language: users.defaultLanguage }).from(users).where(eq(users.email, input.email));
  const language = isLanguage(account?.language) ? account.language : ctx.viewer.language;
  await ctx.mail.send(await codeMail({ to: input.email, language, purpose: input.purpose, code, minutes: CODE_TTL_MS / 60_000 }));
  return { expiresAt };
}

/** Which limit refused a code mail (read after the refusal, only to word it). */
async function codeLimitError(ctx: MarketContext, { email, purpose }: { email: string; purpose: CodePurpose }, requester: string, now: number): Promise<MarketError> {
  const [row] = await ctx.db.all<{ lastFromRequester: number | null; fromRequester: number; toAddress: number }>(sql`
    SELECT
      (SELECT max(created_at) FROM ${emailCodes} WHERE email = ${email} AND purpose = ${purpose} AND requester = ${requester}) AS lastFromRequester,
      (SELECT count(*) FROM ${emailCodes} WHERE email = ${email} AND requester = ${requester} AND created_at > ${now - DAILY_WINDOW_MS}) AS fromRequester,
      (SELECT count(*) FROM ${emailCodes} WHERE email = ${email} AND created_at > ${now - DAILY_WINDOW_MS}) AS toAddress
  `);
  if (row.fromRequester >= CODE_MAILS_PER_REQUESTER_ADDRESS || row.toAddress >= CODE_MAILS_PER_ADDRESS) {
    return new MarketError("clientEmailSendLimit", { messageKey: "codeAddressLimit" });
  }
  if (row.lastFromRequester !== null && row.lastFromRequester > now - CODE_RESEND_INTERVAL_MS) {
    const seconds = Math.ceil((row.lastFromRequester + CODE_RESEND_INTERVAL_MS - now) / 1000);
    return new MarketError("clientEmailSendLimit", { messageKey: "codeResendWait", params: { seconds } });
  }
  return new MarketError("clientEmailSendLimit", { messageKey: "codeRequesterLimit" });
}

/**
 * Uses up the address's latest code for `purpose`. Throws emailLoginLocked (200509) while code
 * sign-in is locked; verifyCodeError (200311) for a wrong or never-sent code, or
 * emailCodeLoginLimit (200508) when that failure locks the address; verifyCodeExpire (200312)
 * when the latest code is older than 30 minutes, already used or out of tries.
 */
export async function consumeEmailCode(
  ctx: MarketContext,
  input: { email: string; purpose: CodePurpose; code: string },
): Promise<void> {
  await assertNotLocked(ctx, input.email, "code");
  const [latest] = await ctx.db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, input.email), eq(emailCodes.purpose, input.purpose)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!latest) return failSignIn(ctx, input.email, "code");
  if (latest.usedAt !== null || latest.expiresAt <= ctx.now() || latest.attempts >= CODE_MAX_ATTEMPTS) {
    throw new MarketError("verifyCodeExpire");
  }

  // Take the try before comparing, so parallel guesses cannot exceed the allowance.
  const [tried] = await ctx.db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.usedAt), sql`${emailCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
    .returning({ attempts: emailCodes.attempts });
  if (!tried) throw new MarketError("verifyCodeExpire");

  if (!sameSecret(await hashCode(latest.salt, input.code), latest.codeHash)) return failSignIn(ctx, input.email, "code");

  const [used] = await ctx.db
    .update(emailCodes)
    .set({ usedAt: ctx.now() })
    .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (!used) throw new MarketError("verifyCodeExpire");
  await clearFailures(ctx, input.email, "code");
}
