/**
 * The after-sales progress view (/process-list): a case written for the page, with its timeline
 * (every event so far, then what is still to come), amounts in the order's currency and moments
 * in the buyer's zone. The route only loads and wires.
 */
import type { AppLoadContext } from "react-router";
import { shortDateTime } from "~/i18n/session-time";
import type { MoneyWriter } from "~/server/after-sale.server";
import type { AfterSaleCaseView } from "@market/aftersales";

/** A timeline step: something that happened (an event), or what comes next. */
export interface Step {
  /** An event kind (`aftersale:events.*`) or a step still to come (`process.steps.*`). */
  kind: string;
  state: "done" | "failed" | "current" | "upcoming";
  at: { iso: string; text: string } | null;
  /** Customer service's reason, as they wrote it. */
  note: string | null;
  amount: string | null;
  /** A line under the step (`process.steps.*`). */
  body: string | null;
}

/**
 * The timeline: every event so far, then what is still to come while the case is open. A
 * started refund says when the money arrives (SPEC §4).
 */
function timelineOf(item: AfterSaleCaseView, write: (amount: number) => string, when: (at: number) => { iso: string; text: string }): Step[] {
  const steps: Step[] = item.events.map((event) => ({
    kind: event.kind,
    state: event.kind === "rejected" ? "failed" : "done",
    at: when(event.createdAt),
    note: event.note,
    amount: event.amount !== null && event.amount > 0 ? write(event.amount) : null,
    body: event.kind === "refund_started" ? "refundPendingBody" : null,
  }));
  // What comes next is the domain's rule (aftersales/rules.ts nextSteps); the screen adds the line under the current step.
  for (const { step, state } of item.next) {
    const body = state !== "current" ? null : step === "review" ? "reviewBody" : step === "refund" ? "refundPendingBody" : null;
    steps.push({ kind: step, state, at: null, note: null, amount: null, body });
  }
  return steps;
}

export function caseView(item: AfterSaleCaseView, money: MoneyWriter, context: AppLoadContext) {
  const { language, timeZone } = context.market.viewer;
  const write = (amount: number) => money.write(amount, item.currency);
  const when = (at: number) => ({ iso: new Date(at).toISOString(), text: shortDateTime(at, timeZone, language) });
  const granted = item.approvedRefundAmount !== null || item.approvedCompensationAmount !== null;
  return {
    id: item.id,
    caseNo: item.caseNo,
    kind: item.kind,
    status: item.status,
    reason: item.reason,
    description: item.description,
    appliedOn: when(item.createdAt),
    order: { id: item.order.id, orderNo: item.order.orderNo, eventTitle: item.order.eventTitle },
    asked: { refund: item.refundAmount > 0 ? write(item.refundAmount) : null, compensation: item.compensationAmount > 0 ? write(item.compensationAmount) : null },
    approved: granted
      ? {
          refund: item.approvedRefundAmount ? write(item.approvedRefundAmount) : null,
          compensation: item.approvedCompensationAmount ? write(item.approvedCompensationAmount) : null,
        }
      : null,
    account: item.account,
    timeline: timelineOf(item, write, when),
    canWithdraw: item.actions.withdraw,
  };
}

export type CaseItem = ReturnType<typeof caseView>;
