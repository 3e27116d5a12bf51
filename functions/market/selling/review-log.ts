/**
 * Support's decisions on the selling side are written to one log (selling_reviews: who, when,
 * what, why), each in the same batch as its effect (support-review.ts, payouts.ts).
 */
import { sql } from "drizzle-orm";
import { sellingReviews, type ReviewDecision, type ReviewSubject } from "../../db/schema";
import type { MarketContext } from "../context";
import { prepare } from "../context/statements";

export interface ReviewEntry {
  subject: ReviewSubject;
  subjectId: number;
  decision: ReviewDecision;
  reason: string;
  staffUserId: number;
}

/** The statement that logs one decision; `when` guards it (SQL true when the effect happened). */
export function logStatement(ctx: Pick<MarketContext, "d1" | "now">, entry: ReviewEntry, when = sql`1`) {
  return prepare(
    ctx.d1,
    sql`INSERT INTO ${sellingReviews} (subject, subject_id, decision, reason, staff_user_id, created_at)
        SELECT ${entry.subject}, ${entry.subjectId}, ${entry.decision}, ${entry.reason}, ${entry.staffUserId}, ${ctx.now()} WHERE ${when}`,
  );
}
