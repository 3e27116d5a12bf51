/**
 * What moves a case after it is opened: the buyer withdrawing it while it waits for review, and
 * support deciding it (approve or reject, always with a reason) and recording compensation paid.
 *
 * Every move is one conditional UPDATE on the case's status plus its timeline event in the same
 * batch, the event guarded on the move having happened and on not being recorded before: of two
 * decisions sent at once exactly one wins; the other is told the case was already decided.
 */
import { pushCaseStep } from "./case-push";
import { postOrderEvent } from "../messaging/system-messages";
import { sql } from "drizzle-orm";
import { afterSaleCases, afterSaleEvents, orders } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { requireBuyer } from "../context/buyer";
import { prepare } from "../context/statements";
import { defaultPaymentDeps, type PaymentDeps } from "../context/payment-port";
import { requireRole } from "../staff";
import { toMinorUnits } from "../money/minor-units";
import { AFTERSALE_MESSAGES, type DecideField, type DecideRequest } from "./apply-schema";
import { getMyCase, readSupportCase, type AfterSaleCaseView, type SupportCaseView } from "./case-views";
import { settleCaseRefund } from "./refunds";
import { grantedSoFar, hasEvent, orderVoided, payoutReleased, resaleListed, resaleSold } from "./rules";
import { applyRefused } from "./apply";

const DECISION_EVENTS = ["approved", "rejected"] as const;

/**
 * Takes back one of the viewer's cases while it waits for review. Throws notLogin; notFound
 * (missing or another account's); aftersaleNotReviewable (already decided or withdrawn). Side
 * effects: the case withdrawn, with its `withdrawn` event.
 */
export async function withdrawCase(ctx: MarketContext, caseId: number): Promise<AfterSaleCaseView> {
  const buyerId = requireBuyer(ctx);
  const now = ctx.now();
  const [withdrawn] = await ctx.d1.batch([
    prepare(
      ctx.d1,
      sql`UPDATE ${afterSaleCases} SET status = 'withdrawn', updated_at = ${now}
          WHERE id = ${caseId} AND user_id = ${buyerId} AND status = 'submitted'`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${afterSaleEvents} (case_id, kind, actor, actor_user_id, created_at)
          SELECT id, 'withdrawn', 'buyer', ${buyerId}, ${now} FROM ${afterSaleCases}
          WHERE id = ${caseId} AND user_id = ${buyerId} AND status = 'withdrawn' AND NOT ${hasEvent(caseId, ["withdrawn"])}`,
    ),
  ]);
  const view = await getMyCase(ctx, caseId);
  if (withdrawn.meta.changes !== 1) throw new MarketError("aftersaleNotReviewable");
  return view;
}

/** A granted amount: what was asked when support leaves it empty, never more. */
function grantedAmount(field: DecideField, typed: string | undefined, asked: number, minorUnits: number): number {
  if (typed === undefined) return asked;
  const granted = toMinorUnits(typed, minorUnits);
  if (granted === null) throw new MarketError("invalidParam", { messageKey: AFTERSALE_MESSAGES.amountInvalid, params: { field } });
  if (granted > asked) throw new MarketError("invalidParam", { messageKey: AFTERSALE_MESSAGES.approvedOverAsked, params: { field } });
  return granted;
}

/**
 * Support's decision on a submitted case. Takes the parsed decision form (decideSchema).
 *
 * Approve: the granted refund (up to what was asked) moves the case to refund_pending and is
 * refunded through the payment port at once; without a refund the case is completed (granted
 * compensation is paid out by finance to the receiving account, recordCompensationPaid).
 * Reject: the case is rejected, the reason shown to the buyer.
 *
 * Throws notLogin (guest); notFound (not support, or no such case); aftersaleNotReviewable
 * (already decided or withdrawn); invalidParam (an amount more than asked, or not an amount of
 * the currency); aftersaleApply (the order's money went back another way since, its tickets are
 * listed for resale or were resold, its seller was paid out, or refund and compensation are
 * now more than is left). Side effects: the case decided with its events; for a refund, the
 * provider's refund (settleCaseRefund: a failure leaves it refund_pending for the cron).
 */
export async function decideCase(
  ctx: MarketContext,
  caseId: number,
  input: DecideRequest,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<SupportCaseView> {
  const staff = await requireRole(ctx, "support");
  const current = await readSupportCase(ctx, caseId);
  if (current.status !== "submitted") throw new MarketError("aftersaleNotReviewable");
  const now = ctx.now();
  const decided = sql`decision_reason = ${input.reason}, decided_by = ${staff.userId}, decided_at = ${now}, updated_at = ${now}`;
  const decisionEvent = (kind: (typeof DECISION_EVENTS)[number]) =>
    prepare(
      ctx.d1,
      sql`INSERT INTO ${afterSaleEvents} (case_id, kind, actor, actor_user_id, note, created_at)
          SELECT id, ${kind}, 'support', ${staff.userId}, ${input.reason}, ${now} FROM ${afterSaleCases}
          WHERE id = ${caseId} AND decided_at = ${now} AND decided_by = ${staff.userId} AND NOT ${hasEvent(caseId, DECISION_EVENTS)}`,
    );

  let statements: D1PreparedStatement[];
  let refunding = false;
  if (input.decision === "reject") {
    statements = [
      prepare(ctx.d1, sql`UPDATE ${afterSaleCases} SET status = 'rejected', ${decided} WHERE id = ${caseId} AND status = 'submitted'`),
      decisionEvent("rejected"),
    ];
  } else {
    const { minorUnits } = current;
    const refund = grantedAmount("approvedRefundAmount", input.approvedRefundAmount, current.refundAmount, minorUnits);
    const compensation = grantedAmount("approvedCompensationAmount", input.approvedCompensationAmount, current.compensationAmount, minorUnits);
    refunding = refund > 0;
    // Everything that decides is re-checked in the statement that decides, against the live rows:
    // the order's money not gone back another way, its tickets not listed or sold on, its seller
    // not paid out, and money out (this grant and every earlier one) within what the buyer paid.
    const approve = sql`
      UPDATE ${afterSaleCases} SET status = ${refunding ? "refund_pending" : "completed"},
        approved_refund_amount = ${refund}, approved_compensation_amount = ${compensation}, ${decided}
      WHERE id = ${caseId} AND status = 'submitted'
        AND EXISTS (
          SELECT 1 FROM ${orders} AS o WHERE o.id = ${afterSaleCases.orderId}
            AND NOT ${orderVoided(sql.raw("o.id"), sql.raw("o.paid_payment_id"))}
            AND NOT ${resaleListed(sql.raw("o.id"))}
            AND NOT ${resaleSold(sql.raw("o.id"))}
            AND NOT ${payoutReleased(sql.raw("o.id"))}
            AND ${refund} + ${compensation} <= o.total_amount - ${grantedSoFar(sql.raw("o.id"))}
        )`;
    const followUp = refunding
      ? sql`SELECT id, 'refund_started', 'system', NULL, ${refund}, ${now} FROM ${afterSaleCases} WHERE id = ${caseId} AND decided_at = ${now} AND status = 'refund_pending' AND NOT ${hasEvent(caseId, ["refund_started"])}`
      : sql`SELECT id, 'completed', 'system', NULL, NULL, ${now} FROM ${afterSaleCases} WHERE id = ${caseId} AND decided_at = ${now} AND status = 'completed' AND NOT ${hasEvent(caseId, ["completed"])}`;
    statements = [
      prepare(ctx.d1, approve),
      decisionEvent("approved"),
      prepare(ctx.d1, sql`INSERT INTO ${afterSaleEvents} (case_id, kind, actor, actor_user_id, amount, created_at) ${followUp}`),
    ];
  }

  const [moved] = await ctx.d1.batch(statements);
  if (moved.meta.changes !== 1) {
    const fresh = await readSupportCase(ctx, caseId);
    if (fresh.status !== "submitted") throw new MarketError("aftersaleNotReviewable");
    throw await approvalRefusal(ctx, current.order.id);
  }
  await pushCaseStep(ctx, caseId, input.decision === "reject" ? "rejected" : "approved");
  if (refunding) {
    await postOrderEvent(ctx, current.order.id, "refundApproved", caseId);
    await settleCaseRefund(ctx, caseId, deps);
  }
  return readSupportCase(ctx, caseId);
}

/** Why an approval of a case on `orderId` was refused, from a fresh read of the order. */
async function approvalRefusal(ctx: MarketContext, orderId: number): Promise<MarketError> {
  const o = (column: string) => sql.raw(`o.${column}`);
  const [row] = await ctx.db.all<{ voided: number; listed: number; sold: number; paidOut: number }>(sql`
    SELECT ${orderVoided(o("id"), o("paid_payment_id"))} AS voided, ${resaleListed(o("id"))} AS listed,
      ${resaleSold(o("id"))} AS sold, ${payoutReleased(o("id"))} AS paidOut
    FROM ${orders} AS o WHERE o.id = ${orderId}`);
  if (row?.sold === 1) return applyRefused("resold");
  if (row?.voided === 1) return applyRefused("voided");
  if (row?.listed === 1) return applyRefused("listed_for_resale");
  if (row?.paidOut === 1) return new MarketError("aftersaleApply", { messageKey: "aftersale.payoutReleased", data: { refusal: "payout_released" } });
  return new MarketError("aftersaleApply", { messageKey: "aftersale.moneyOverPaid", data: { refusal: "refund_over_paid" } });
}

/**
 * Support records that finance paid the granted compensation to the receiving account: the
 * `compensation_paid` event, once. Throws notLogin; notFound (not support, or no such case);
 * aftersaleNotReviewable (nothing granted to pay, not approved, or already recorded).
 */
export async function recordCompensationPaid(ctx: MarketContext, caseId: number, note?: string): Promise<SupportCaseView> {
  const staff = await requireRole(ctx, "support");
  const current = await readSupportCase(ctx, caseId);
  if (!current.supportActions.recordCompensationPaid) throw new MarketError("aftersaleNotReviewable");
  const now = ctx.now();
  const recorded = await ctx.db.run(
    sql`INSERT INTO ${afterSaleEvents} (case_id, kind, actor, actor_user_id, note, amount, created_at)
        SELECT id, 'compensation_paid', 'support', ${staff.userId}, ${note?.trim() || null}, approved_compensation_amount, ${now}
        FROM ${afterSaleCases}
        WHERE id = ${caseId} AND approved_compensation_amount > 0 AND status IN ('refund_pending', 'refunded', 'completed')
          AND NOT ${hasEvent(caseId, ["compensation_paid"])}`,
  );
  if (recorded.meta.changes !== 1) throw new MarketError("aftersaleNotReviewable");
  return readSupportCase(ctx, caseId);
}
