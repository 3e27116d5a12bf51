/**
 * Support's side of selling: payout holds, face-value proofs and listings the resale law flags.
 * Every decision names its record, says why, and is written to one log (selling_reviews: who,
 * when, what, why) in the same batch as its effect.
 *
 * Rules:
 * - Payouts: support holds an order's payout with a reason (payouts.ts); a hold stays until
 *   support releases it. Reviewing a hold either releases it or keeps it, each with a reason.
 * - Proofs: support opens a listing's proof (R2, support only) and approves or rejects it. A
 *   rejected proof withdraws the listing at once (orders already placed keep their tickets).
 * - Law flags: a live listing whose price is above the cap the law gives it now is flagged (its
 *   venue or event flags changed after it was priced, e.g. an event newly designated). Support
 *   withdraws it or keeps it with a reason; a kept flag stays dismissed until the listing changes.
 * - Only the support role sees or decides any of this; anyone else is told it does not exist.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  listingTerms,
  listings,
  payoutHolds,
  sellerProfiles,
  sellers,
  sellingReviews,
  sessions,
  showResaleFlags,
  shows,
  tours,
  users,
  venueResaleFlags,
  venueSections,
  venues,
  type ReviewDecision,
  type ReviewSubject,
} from "../../db/schema";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { joinListingEvent } from "../listings/listing-event";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { ticketsLeft } from "../listings/availability";
import { requireRole } from "../staff";
import * as z from "zod";
import { invalidField, sellingInvalid } from "./invalid-input";
import { withdrawStatements } from "./manage-listing";
import { logStatement } from "./review-log";
import { prepare } from "../context/statements";
import { recordLowestPrice } from "../demand/price-history";
import { supportPayout, type PayoutView } from "./payouts";
import { jurisdictionOf, resaleVerdict } from "../reference/resale-laws";
import { lawReviewSchema, payoutReleaseSchema, payoutReviewSchema, proofReviewSchema, type LawReviewInput, type PayoutReviewInput, type ProofReviewInput } from "./selling-schemas";

export interface ReviewLogEntry {
  id: number;
  subject: ReviewSubject;
  subjectId: number;
  decision: ReviewDecision;
  reason: string;
  staff: string;
  at: number;
}

/** The newest decisions on `subject` (optionally for some records), newest first. Support only. */
export async function reviewLog(ctx: MarketContext, subject: ReviewSubject, subjectIds?: number[], limit = 30): Promise<ReviewLogEntry[]> {
  await requireRole(ctx, "support");
  if (subjectIds && subjectIds.length === 0) return [];
  const rows = await ctx.db
    .select({ review: sellingReviews, staff: users.email })
    .from(sellingReviews)
    .leftJoin(users, eq(users.id, sellingReviews.staffUserId))
    .where(and(eq(sellingReviews.subject, subject), subjectIds ? inArray(sellingReviews.subjectId, subjectIds) : undefined))
    .orderBy(desc(sellingReviews.id))
    .limit(limit);
  return rows.map(({ review, staff }) => ({
    id: review.id,
    subject: review.subject,
    subjectId: review.subjectId,
    decision: review.decision,
    reason: review.reason,
    staff: staff ?? `#${review.staffUserId}`,
    at: review.createdAt,
  }));
}

/**
 * Support releases or keeps an order's payout hold, with a reason. Throws notLogin, notFound (not
 * support; no open hold), invalidParam. Side effects: the release (if so) and one log entry.
 */
export async function reviewPayoutHold(ctx: MarketContext, input: PayoutReviewInput) {
  const staff = await requireRole(ctx, "support");
  const parsed = payoutReviewSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const { orderId, decision, reason } = parsed.data;
  const openHold = sql`EXISTS (SELECT 1 FROM ${payoutHolds} WHERE order_id = ${orderId} AND released_at IS NULL)`;
  const entry = { subject: "payout" as const, subjectId: orderId, reason, staffUserId: staff.userId };
  const [first] =
    decision === "release"
      ? await ctx.d1.batch([
          prepare(ctx.d1, sql`UPDATE ${payoutHolds} SET released_at = ${ctx.now()}, released_by = ${staff.userId} WHERE order_id = ${orderId} AND released_at IS NULL`),
          logStatement(ctx, { ...entry, decision: "released" }, sql`changes() > 0`),
        ])
      : await ctx.d1.batch([logStatement(ctx, { ...entry, decision: "kept" }, openHold)]);
  if (first.meta.changes === 0) throw notFound("hold");
  return supportPayout(ctx, orderId);
}

/**
 * Support releases an order's payout hold (the reason is optional on the API; the console asks for
 * one, below). Throws notLogin, notFound (no hold either). Side effects: the hold
 * released, one log entry.
 */
export async function releasePayout(ctx: MarketContext, input: { orderId: unknown; reason?: unknown }): Promise<PayoutView> {
  const parsed = payoutReleaseSchema.safeParse(input);
  if (!parsed.success) {
    await requireRole(ctx, "support");
    throw sellingInvalid(parsed.error);
  }
  return reviewPayoutHold(ctx, { orderId: parsed.data.orderId, decision: "release", reason: parsed.data.reason ?? "-" });
}

export interface ProofQueueItem {
  listingId: number;
  sessionId: number;
  title: string;
  startsAt: number;
  timeZone: string;
  section: string;
  rowLabel: string | null;
  quantity: number;
  currency: string;
  priceMinor: number;
  faceValueMinor: number;
  seller: string;
  fileName: string;
  contentType: string;
  withdrawn: boolean;
  decision: "approved" | "rejected" | null;
}

const lastDecision = (subject: ReviewSubject) =>
  sql<ReviewDecision | null>`(SELECT r.decision FROM ${sellingReviews} r WHERE r.subject = ${subject} AND r.subject_id = ${listings.id} ORDER BY r.id DESC LIMIT 1)`;

function listingBase(ctx: MarketContext) {
  const zh = ctx.viewer.language === "zh-HK";
  return {
    listingId: listings.id,
    sessionId: listings.sessionId,
    title: zh ? tours.titleZh : tours.titleEn,
    startsAt: sessions.startsAt,
    timeZone: venues.timeZone,
    section: zh ? venueSections.nameZh : venueSections.nameEn,
    rowLabel: listings.rowLabel,
    quantity: listings.quantity,
    currency: listings.currencyCode,
    priceMinor: listings.priceMinor,
    faceValueMinor: listings.faceValueMinor,
    seller: sql<string>`COALESCE(${sellerProfiles.displayName}, ${sellers.nickname})`,
  };
}

/** A listing's session, tour, venue, section and seller, joined for support's lists. */
function withListingJoins<Query extends SQLiteSelect>(query: Query) {
  return joinListingEvent(query)
    .innerJoin(listingTerms, eq(listingTerms.listingId, listings.id))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.sellerId, sellers.id));
}

/** Which proofs support lists: absent is pending; anything but the two names is refused. */
export const proofViewSchema = z.enum(["pending", "reviewed"]).default("pending");

/**
 * Listings with a face-value proof: those awaiting a decision, or those decided. Support only.
 * Newest first, at most 50. Throws notLogin, notFound (no support role), invalidParam (view).
 */
export async function proofQueue(ctx: MarketContext, view: unknown): Promise<ProofQueueItem[]> {
  await requireRole(ctx, "support");
  const parsedView = proofViewSchema.safeParse(view);
  if (!parsedView.success) throw invalidField("view");
  const which = parsedView.data;
  const decision = lastDecision("proof");
  const query = ctx.db.select({
    ...listingBase(ctx),
    fileName: sql<string>`COALESCE(${listingTerms.proofFileName}, 'proof')`,
    contentType: sql<string>`COALESCE(${listingTerms.proofContentType}, 'application/octet-stream')`,
    withdrawn: sql<number>`${listingTerms.withdrawnAt} IS NOT NULL`.mapWith(Boolean),
    decision: sql<"approved" | "rejected" | null>`${decision}`,
  });
  const rows = await withListingJoins(query.from(listings).$dynamic())
    .where(and(isNotNull(listingTerms.proofR2Key), which === "pending" ? and(sql`${decision} IS NULL`, isNull(listingTerms.withdrawnAt)) : sql`${decision} IS NOT NULL`))
    .orderBy(desc(listings.id))
    .limit(50);
  return rows;
}

/**
 * Support approves or rejects a listing's face-value proof, with a reason; a rejection withdraws
 * the listing. Throws notLogin, notFound (not support; no listing with a proof), invalidParam,
 * clientOperateFail (already decided). Side effects: one log entry; the withdrawal on rejection.
 */
export async function reviewProof(ctx: MarketContext, input: ProofReviewInput): Promise<void> {
  const staff = await requireRole(ctx, "support");
  const parsed = proofReviewSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const { listingId, decision, reason } = parsed.data;
  const [row] = await ctx.db
    .select({ id: listings.id, sessionId: listings.sessionId, decision: lastDecision("proof") })
    .from(listings)
    .innerJoin(listingTerms, eq(listingTerms.listingId, listings.id))
    .where(and(eq(listings.id, listingId), isNotNull(listingTerms.proofR2Key)))
    .limit(1);
  if (!row) throw notFound("proof");
  if (row.decision !== null) throw new MarketError("clientOperateFail", { data: { reason: "already_reviewed" } });
  const entry = { subject: "proof" as const, subjectId: listingId, reason, staffUserId: staff.userId };
  const undecided = sql`NOT EXISTS (SELECT 1 FROM ${sellingReviews} WHERE subject = 'proof' AND subject_id = ${listingId})`;
  if (decision === "approve") {
    await ctx.d1.batch([logStatement(ctx, { ...entry, decision: "approved" }, undecided)]);
    return;
  }
  await ctx.d1.batch([logStatement(ctx, { ...entry, decision: "rejected" }, undecided), ...withdrawStatements(ctx, listingId, staff.userId)]);
  await recordLowestPrice(ctx, row.sessionId);
}

export interface LawFlag extends Omit<ProofQueueItem, "fileName" | "contentType" | "withdrawn" | "decision"> {
  /** The rule that caps it now, and the cap per ticket in its trade currency. */
  rule: { id: string; law: string };
  capMinor: number;
  ticketsLeft: number;
}

/**
 * Live listings priced above the cap the resale law gives them now (venue and event flags as they
 * stand), not kept by support since they last changed. Support only. At most 50, newest first.
 * Reads live listings of sessions still to start (at most 500) and judges each in memory.
 */
export async function lawFlags(ctx: MarketContext): Promise<LawFlag[]> {
  await requireRole(ctx, "support");
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const left = ticketsLeft(now);
  const query = ctx.db.select({
    ...listingBase(ctx),
    ticketsLeft: left,
    cityCode: venues.cityCode,
    jurisdiction: venueResaleFlags.jurisdiction,
    licensedPlace: venueResaleFlags.licensedPlace,
    designatedVenue: venueResaleFlags.designatedVenue,
    designatedEvent: showResaleFlags.designatedEvent,
    resaleRestricted: showResaleFlags.resaleRestricted,
    restriction: listingTerms.restriction,
    sourceOrderId: listingTerms.sourceOrderId,
    sellerKind: sellerProfiles.kind,
    kept: sql<number>`EXISTS (SELECT 1 FROM ${sellingReviews} r WHERE r.subject = 'law' AND r.subject_id = ${listings.id} AND r.decision = 'kept' AND r.created_at >= ${listingTerms.updatedAt})`.mapWith(Boolean),
  });
  const rows = await withListingJoins(query.from(listings).$dynamic())
    .leftJoin(venueResaleFlags, eq(venueResaleFlags.venueId, venues.id))
    .leftJoin(showResaleFlags, eq(showResaleFlags.showId, shows.id))
    .where(and(isNull(listingTerms.withdrawnAt), gt(sessions.startsAt, now), sql`${left} > 0`))
    .orderBy(desc(listings.id))
    .limit(500);
  const flags: LawFlag[] = [];
  for (const row of rows) {
    if (row.kept) continue;
    const verdict = resaleVerdict(
      {
        jurisdiction: jurisdictionOf(row.cityCode, row.jurisdiction ?? null),
        licensedVenue: row.licensedPlace ?? false,
        designatedVenue: row.designatedVenue ?? false,
        designatedEvent: row.designatedEvent ?? false,
        restrictedTicket: (row.resaleRestricted ?? false) || row.restriction !== null,
        // A fan resale is private; a staff provider without a profile acts as a trader (decision 99).
        sellerKind: row.sourceOrderId ? "private" : (row.sellerKind ?? "trader"),
      },
      row.faceValueMinor,
    );
    if (!verdict.capping || row.priceMinor <= verdict.capping.capMinor) continue;
    const { cityCode: _c, jurisdiction: _j, licensedPlace: _l, designatedVenue: _v, designatedEvent: _e, resaleRestricted: _r, restriction: _t, sourceOrderId: _s, sellerKind: _k, kept: _p, ...base } = row;
    const rule = verdict.capping.rule;
    flags.push({ ...base, rule: { id: rule.id, law: zh ? rule.law.zh : rule.law.en }, capMinor: verdict.capping.capMinor });
    if (flags.length === 50) break;
  }
  return flags;
}

/**
 * Support withdraws a flagged listing or keeps it, with a reason. Throws notLogin, notFound (not
 * support; not a flagged listing), invalidParam. Side effects: one log entry; the withdrawal.
 */
export async function reviewLawFlag(ctx: MarketContext, input: LawReviewInput): Promise<void> {
  const staff = await requireRole(ctx, "support");
  const parsed = lawReviewSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const { listingId, decision, reason } = parsed.data;
  const flag = (await lawFlags(ctx)).find((candidate) => candidate.listingId === listingId);
  if (!flag) throw notFound("listing");
  const entry = { subject: "law" as const, subjectId: listingId, reason, staffUserId: staff.userId };
  if (decision === "keep") {
    await ctx.d1.batch([logStatement(ctx, { ...entry, decision: "kept" })]);
    return;
  }
  await ctx.d1.batch([...withdrawStatements(ctx, listingId, staff.userId), logStatement(ctx, { ...entry, decision: "withdrawn" })]);
  await recordLowestPrice(ctx, flag.sessionId);
}
