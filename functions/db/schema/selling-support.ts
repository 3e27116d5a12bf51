/**
 * Support's side of selling (migration 0013): one log of support's decisions on payout holds,
 * face-value proofs and listings the resale law flags (functions/market/selling/support-review.ts).
 * The latest row of a subject is its standing (a proof approved or rejected, a law flag kept).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const REVIEW_SUBJECTS = ["payout", "proof", "law"] as const;
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];

export const REVIEW_DECISIONS = ["held", "released", "kept", "approved", "rejected", "withdrawn"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const sellingReviews = sqliteTable(
  "selling_reviews",
  {
    id: integer("id").primaryKey(),
    subject: text("subject", { enum: REVIEW_SUBJECTS }).notNull(),
    /** The order (payout) or the listing (proof, law). */
    subjectId: integer("subject_id").notNull(),
    decision: text("decision", { enum: REVIEW_DECISIONS }).notNull(),
    reason: text("reason").notNull(),
    staffUserId: integer("staff_user_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("selling_reviews_subject").on(t.subject, t.subjectId, t.id)],
);
