/**
 * After-sales: a buyer's case about a paid order (a refund, or a problem with the tickets asking
 * for a refund and/or compensation), paid to a receiving account, reviewed by support.
 *
 * Rules (SPEC §2 applyFor/processList, §3 receiving account, §4, §8):
 * - Only the buyer of a paid order applies; another account's order or case is not found.
 * - One open case (submitted, approved, refund_pending) per order, claimed in one statement:
 *   a second is aftersaleAlreadyOpen. Anything else wrong with the order or the amounts is
 *   aftersaleApply 650033; a recipient name that breaks the rule is aftersaleApplyName 650036.
 * - Refunds asked never exceed what was paid less what earlier cases refunded; compensation
 *   never exceeds what was paid.
 * - Support decides once (a second decision is aftersaleNotReviewable), always with a reason.
 *   An approved refund goes back to the original payment method through the payment port under
 *   idempotency key `after-sale-<caseId>`, so it is refunded once however often it is asked; a
 *   provider failure leaves it refund_pending for the cron. The buyer is told 1-3 working days.
 * - Account numbers are stored whole (finance pays compensation to them) but every view shows
 *   them masked through one function (money/receiving-account.ts).
 *
 * The form's schema (apply-schema.ts) lives apart from the domain functions because the browser
 * imports it. Amounts are typed as major-unit decimal strings and answered as minor units.
 */
export * from "./apply-schema";
export type {
  AfterSaleCaseView,
  AfterSaleEventView,
  AfterSaleOrderSummary,
  ApplyContext,
  ApplyRefusal,
  OrderAfterSaleSummary,
  SupportCaseQuery,
  SupportCaseView,
} from "./case-views";
export { getMyCase, listMyCases, listCases, getCaseForSupport } from "./case-views";
export { getApplyContext, applyForAfterSale, afterSaleSummaryFor } from "./apply";
export { withdrawCase, decideCase, recordCompensationPaid } from "./decide";
export { settleCaseRefund, settleAfterSaleRefunds, afterSaleRefundMail } from "./refunds";
/** `refundedSoFar(orderId)`: SQL for what an order's cases refunded, for any other refund of the order to leave out. */
export { AFTER_SALE_WINDOW_MS, OPEN_STATUSES, REFUND_ARRIVAL, refundKeyOf, refundedSoFar } from "./rules";
/** Masks a receiving account for any view (buyer or support). */
export { maskReceivingAccount, maskCardNumber, maskAlipayAccount, type MaskedReceivingAccount } from "../money/receiving-account";
