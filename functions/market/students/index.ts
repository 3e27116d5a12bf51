/**
 * Student certification (SPEC §6: supported on H5 and PC, not in the plain web channel; the
 * design is ours, docs/decisions.md #75). As student-ticket buyers expect from UNiDAYS-style
 * schemes:
 *
 * - A buyer proves studenthood by a school email: an address at an education domain (.edu,
 *   .edu.xx, .ac.xx, or a listed school domain such as hku.hk), verified by a 6-digit code
 *   mailed to it, valid 30 minutes, 5 tries, a new code at most once a minute.
 * - Verified, the account wears a student badge for one year; one school email certifies one
 *   account at a time.
 * - A seller may mark a listing for students only; only a badge holder may order it.
 * - Offered where the platform is H5 or PC and the channel is not the plain web channel (a
 *   partner channel opened in a browser); elsewhere the calls answer noPermission.
 */
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { moveInventoryVersion } from "../listings/inventory-version";
import { listings, studentCertifications } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { requireRole } from "../staff";
import { base64url, randomBytes, randomDigits, sameSecret, sha256 } from "../context/crypto";
import { maskEmail } from "../accounts/users";
import { studentMail } from "./student-mail";

export const STUDENT_CODE_TTL_MS = 30 * 60_000;
export const STUDENT_CODE_MAX_ATTEMPTS = 5;
export const STUDENT_CODE_RESEND_MS = 60_000;
export const STUDENT_BADGE_MS = 365 * 24 * 60 * 60_000;

/** Schools whose mail is not under an .edu or .ac domain. */
const SCHOOL_DOMAINS = ["hku.hk", "ust.hk", "ln.hk", "must.edu.mo", "um.edu.mo"];
const EDUCATION_DOMAIN = /(^|\.)(edu|ac)(\.[a-z]{2})?$/;

/** True for an address at a school (see the folder rules). */
export function isSchoolEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return EDUCATION_DOMAIN.test(domain) || SCHOOL_DOMAINS.some((school) => domain === school || domain.endsWith(`.${school}`));
}

/** Whether certification is offered to this viewer (platform H5/PC, not the plain web channel). */
export function studentCertificationOffered(viewer: MarketContext["viewer"]): boolean {
  return (viewer.platform === "H5" || viewer.platform === "PC") && viewer.channel !== "web";
}

export interface StudentStatus {
  offered: boolean;
  status: "none" | "pending" | "verified";
  schoolEmail: string | null;
  verifiedAt: number | null;
  expiresAt: number | null;
}

const rowOf = (ctx: MarketContext, userId: number) =>
  ctx.db.select().from(studentCertifications).where(eq(studentCertifications.userId, userId)).get();

/** The account, other than `userId`, that `schoolEmail` certifies now (one address certifies one account at a time). */
const certifiedElsewhere = (ctx: MarketContext, schoolEmail: string, now: number, userId: number) =>
  ctx.db
    .select({ userId: studentCertifications.userId })
    .from(studentCertifications)
    .where(
      and(
        eq(studentCertifications.schoolEmail, schoolEmail),
        eq(studentCertifications.status, "verified"),
        gt(studentCertifications.expiresAt, now),
        ne(studentCertifications.userId, userId),
      ),
    )
    .get();

function requireUser(ctx: MarketContext): number {
  if (ctx.viewer.userId === null) throw new MarketError("notLogin");
  return ctx.viewer.userId;
}

function requireOffered(ctx: MarketContext): void {
  if (!studentCertificationOffered(ctx.viewer)) throw new MarketError("noPermission", { messageKey: "studentUnavailable" });
}

/** An account's certification as far as buying goes: its state and when its badge lapses. */
export interface StudentBadge {
  status: "pending" | "verified";
  expiresAt: number | null;
}

/** True when the certification is a badge in force at `now`. */
export function badgeInForce(certification: StudentBadge | null | undefined, now: number): boolean {
  return !!certification && certification.status === "verified" && (certification.expiresAt ?? 0) > now;
}

/** True when the account holds a badge in force now. */
export async function hasStudentBadge(ctx: MarketContext, userId: number): Promise<boolean> {
  const row = await rowOf(ctx, userId);
  return badgeInForce(row && { status: row.status, expiresAt: row.expiresAt }, ctx.now());
}

/** The viewer's certification. Throws notLogin for a guest. No side effects. */
export async function studentStatus(ctx: MarketContext): Promise<StudentStatus> {
  const userId = requireUser(ctx);
  const row = await rowOf(ctx, userId);
  const offered = studentCertificationOffered(ctx.viewer);
  const verified = badgeInForce(row && { status: row.status, expiresAt: row.expiresAt }, ctx.now());
  if (!row || (row.status === "verified" && !verified)) return { offered, status: "none", schoolEmail: null, verifiedAt: null, expiresAt: null };
  return { offered, status: row.status, schoolEmail: maskEmail(row.schoolEmail), verifiedAt: row.verifiedAt, expiresAt: row.expiresAt };
}

/**
 * Mails a code to a school email. Throws notLogin; noPermission (not offered here);
 * invalidParam (not a school address); clientOperateFail `studentAlreadyVerified` (a badge in
 * force) or `studentEmailTaken` (the address certifies another account); requestTooFrequent
 * (a code less than a minute ago). Side effects: the account's row set pending; one mail.
 */
export async function requestStudentCode(ctx: MarketContext, schoolEmail: string): Promise<{ expiresAt: number }> {
  const userId = requireUser(ctx);
  requireOffered(ctx);
  const email = schoolEmail.trim().toLowerCase();
  if (email.length > 254 || !isSchoolEmail(email)) throw new MarketError("invalidParam", { messageKey: "studentEmailInvalid", params: { field: "schoolEmail" } });
  const now = ctx.now();
  if (await hasStudentBadge(ctx, userId)) throw new MarketError("clientOperateFail", { messageKey: "studentAlreadyVerified" });
  const taken = await certifiedElsewhere(ctx, email, now, userId);
  if (taken) throw new MarketError("clientOperateFail", { messageKey: "studentEmailTaken" });
  const existing = await rowOf(ctx, userId);
  if (existing?.status === "pending" && existing.updatedAt > now - STUDENT_CODE_RESEND_MS) throw new MarketError("requestTooFrequent");

  const code = randomDigits(6);
  const salt = base64url(randomBytes(16));
  const codeHash = `${salt}:${await sha256(`${salt}:${code}`)}`;
  const expiresAt = now + STUDENT_CODE_TTL_MS;
  // A new code restarts the certification: status, tries and any earlier badge start over.
  const pending = { schoolEmail: email, status: "pending" as const, codeHash, codeExpiresAt: expiresAt, attempts: 0, verifiedAt: null, expiresAt: null, updatedAt: now };
  await ctx.db
    .insert(studentCertifications)
    .values({ userId, ...pending })
    .onConflictDoUpdate({ target: studentCertifications.userId, set: pending })
    .run();
  await ctx.mail.send(await studentMail({ to: email, language: ctx.viewer.language, code, minutes: STUDENT_CODE_TTL_MS / 60_000 }));
  return { expiresAt };
}

/**
 * Checks the mailed code and gives the badge. Throws notLogin; noPermission (not offered);
 * verifyCodeError (wrong code); verifyCodeExpire (no pending code, expired, or out of tries);
 * clientOperateFail `studentEmailTaken` (another account was certified with it meanwhile).
 * Side effects: the row verified for one year.
 */
export async function verifyStudentCode(ctx: MarketContext, code: string): Promise<StudentStatus> {
  const userId = requireUser(ctx);
  requireOffered(ctx);
  const now = ctx.now();
  const row = await rowOf(ctx, userId);
  if (!row || row.status !== "pending" || !row.codeHash || (row.codeExpiresAt ?? 0) <= now) throw new MarketError("verifyCodeExpire");
  // Take the try before comparing, so parallel guesses cannot exceed the allowance.
  const tried = await ctx.db
    .update(studentCertifications)
    .set({ attempts: sql`${studentCertifications.attempts} + 1` })
    .where(and(eq(studentCertifications.userId, userId), eq(studentCertifications.status, "pending"), lt(studentCertifications.attempts, STUDENT_CODE_MAX_ATTEMPTS)))
    .run();
  if (tried.meta.changes === 0) throw new MarketError("verifyCodeExpire");
  const [salt, hash] = row.codeHash.split(":");
  if (!/^\d{6}$/.test(code) || !sameSecret(await sha256(`${salt}:${code}`), hash)) throw new MarketError("verifyCodeError");
  const taken = await certifiedElsewhere(ctx, row.schoolEmail, now, userId);
  if (taken) throw new MarketError("clientOperateFail", { messageKey: "studentEmailTaken" });
  await ctx.db
    .update(studentCertifications)
    .set({ status: "verified", codeHash: null, codeExpiresAt: null, verifiedAt: now, expiresAt: now + STUDENT_BADGE_MS, updatedAt: now })
    .where(eq(studentCertifications.userId, userId))
    .run();
  return studentStatus(ctx);
}

/**
 * Refuses a students-only listing to a buyer without a badge in force: noPermission
 * `studentOnlyListing`. No side effects.
 */
export function assertMayBuyListing(listing: { studentsOnly: boolean }, certification: StudentBadge | null, now: number): void {
  if (listing.studentsOnly && !badgeInForce(certification, now)) throw new MarketError("noPermission", { messageKey: "studentOnlyListing" });
}

/**
 * A seller marks one of its listings for students only, or unmarks it. Throws notLogin; notFound
 * (no seller role, or not this seller's listing). Side effect: the listing's flag.
 */
/** Whether the seller's own listing is for verified students only (not found for anyone else's). */
export async function listingForStudents(ctx: MarketContext, listingId: number): Promise<boolean> {
  const seller = await requireRole(ctx, "seller");
  const row = await ctx.db
    .select({ studentsOnly: listings.studentsOnly })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.sellerId, seller.sellerId!)))
    .get();
  if (!row) throw notFound("listing");
  return row.studentsOnly;
}

export async function markListingForStudents(ctx: MarketContext, listingId: number, studentsOnly: boolean): Promise<{ listingId: number; studentsOnly: boolean }> {
  const seller = await requireRole(ctx, "seller");
  // A seller role without a provider behind it owns no listing.
  if (seller.sellerId === null) throw notFound("listing");
  const changed = await ctx.db
    .update(listings)
    .set({ studentsOnly })
    .where(and(eq(listings.id, listingId), eq(listings.sellerId, seller.sellerId)))
    .run();
  if (changed.meta.changes === 0) throw notFound("listing");
  // Who may buy it changed (listings/inventory-version.ts); a flag, so after the guarded write.
  await ctx.d1.batch([moveInventoryVersion(ctx.d1, sql`SELECT session_id FROM ${listings} WHERE id = ${listingId}`)]);
  return { listingId, studentsOnly };
}
