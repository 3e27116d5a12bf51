/** What comes next for an after-sales case is the domain's rule, served alike to the screens and the API (SPEC §4). */
import { expect, test } from "vitest";
import { nextSteps } from "../../functions/market/aftersales/rules";

test("a submitted case is reviewed now, then decided, then refunded when a refund was asked", () => {
  expect(nextSteps({ status: "submitted", refundAmount: 12_000, approvedRefundAmount: null }, ["submitted"])).toEqual([
    { step: "review", state: "current" },
    { step: "decision", state: "upcoming" },
    { step: "refund", state: "upcoming" },
  ]);
  expect(nextSteps({ status: "submitted", refundAmount: 0, approvedRefundAmount: null }, ["submitted"])).toEqual([
    { step: "review", state: "current" },
    { step: "decision", state: "upcoming" },
  ]);
});

test("an approved refund is still to come until it has started; a pending refund is under way until then", () => {
  expect(nextSteps({ status: "approved", refundAmount: 12_000, approvedRefundAmount: 8_000 }, ["submitted", "approved"])).toEqual([{ step: "refund", state: "upcoming" }]);
  expect(nextSteps({ status: "approved", refundAmount: 12_000, approvedRefundAmount: 0 }, ["submitted", "approved"])).toEqual([]);
  expect(nextSteps({ status: "refund_pending", refundAmount: 12_000, approvedRefundAmount: 8_000 }, ["submitted", "approved"])).toEqual([{ step: "refund", state: "current" }]);
  expect(nextSteps({ status: "refund_pending", refundAmount: 12_000, approvedRefundAmount: 8_000 }, ["submitted", "approved", "refund_started"])).toEqual([]);
});

test("a closed case has nothing to come", () => {
  for (const status of ["refunded", "rejected", "completed", "withdrawn"] as const) {
    expect(nextSteps({ status, refundAmount: 12_000, approvedRefundAmount: null }, ["submitted"])).toEqual([]);
  }
});
