/**
 * Emailed verification codes: 6 random digits, valid 30 minutes (SPEC §9), stored only as a
 * salted SHA-256. An address may ask for at most 5 mails in 24 hours; only its latest code for
 * a purpose counts; a code allows at most 5 tries, and wrong codes feed the code lockout.
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
export const DAILY_MAIL_LIMIT = 5;
export const DAILY_WINDOW_MS = 24 * 60 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

function hashCode(salt: string, code: string): Promise<string> {
  return sha256(`${salt}:${code}`);
}

/**
 * Mails a fresh code for `purpose` to the address, in the account's language when there is an
 * account, else the viewer's. Throws clientEmailSendLimit (200501) after 5 mails in 24 hours.
 * Side effects: one email_codes row, one mail.
 */
export async function requestEmailCode(
  ctx: MarketContext,
  input: { email: string; purpose: CodePurpose },
): Promise<{ expiresAt: number }> {
  const now = ctx.now();
  const code = randomDigits(6);
  const salt = base64url(randomBytes(16));
  const codeHash = await hashCode(salt, code);
  const expiresAt = now + CODE_TTL_MS;

  // The count and the insert are one statement, so parallel requests cannot pass the limit together.
  const inserted = await ctx.db.run(sql`
    INSERT INTO ${emailCodes} (email, purpose, code_hash, salt, attempts, created_at, expires_at)
    SELECT ${input.email}, ${input.purpose}, ${codeHash}, ${salt}, 0, ${now}, ${expiresAt}
    WHERE (SELECT count(*) FROM ${emailCodes} WHERE email = ${input.email} AND created_at > ${now - DAILY_WINDOW_MS}) < ${DAILY_MAIL_LIMIT}
  `);
  if (inserted.meta.changes === 0) throw new MarketError("clientEmailSendLimit", { params: { limit: DAILY_MAIL_LIMIT } });

  const [account] = await ctx.db.select({ language: users.defaultLanguage }).from(users).where(eq(users.email, input.email));
  const language = isLanguage(account?.language) ? account.language : ctx.viewer.language;
  await ctx.mail.send(codeMail({ to: input.email, language, purpose: input.purpose, code, minutes: CODE_TTL_MS / 60_000 }));
  return { expiresAt };
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
