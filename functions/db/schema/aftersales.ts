/**
 * After-sales (SPEC §2 applyFor, processList, orderRefund, orderAfterSale; §3 receiving
 * account): a buyer's case about a paid order, asking for a refund and/or compensation, paid to
 * a receiving account, reviewed by support. Every step is a case event: the progress timeline.
 *
 * Account numbers are kept whole (finance pays compensation out to them) but no view ever shows
 * more than their last digits.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { link, receivingAccountDetails, timestamps } from "./columns";
import { users } from "./accounts";
import { orders } from "./orders";

/** `refund`: from /order-refund; `after_sale`: from /order-after-sale (a problem with the tickets). */
export const AFTER_SALE_KINDS = ["refund", "after_sale"] as const;
export type AfterSaleKind = (typeof AFTER_SALE_KINDS)[number];

/**
 * `submitted` → `approved` | `rejected` (support, with a reason). An approved refund is then
 * `refund_pending` until the payment provider confirms it, then `refunded`; an approved case with
 * no refund amount is `completed`. `withdrawn`: the buyer took it back before review.
 */
export const AFTER_SALE_STATUSES = ["submitted", "approved", "rejected", "refund_pending", "refunded", "completed", "withdrawn"] as const;
export type AfterSaleStatus = (typeof AFTER_SALE_STATUSES)[number];

/** SPEC §3: CNY is received through an Alipay account, HKD through a bank. */
export const RECEIVING_CURRENCIES = ["CNY", "HKD"] as const;
export type ReceivingCurrency = (typeof RECEIVING_CURRENCIES)[number];

export const AFTER_SALE_EVENT_KINDS = ["submitted", "approved", "rejected", "refund_started", "refunded", "compensation_paid", "completed", "withdrawn", "note"] as const;
export type AfterSaleEventKind = (typeof AFTER_SALE_EVENT_KINDS)[number];

export const afterSaleCases = sqliteTable(
  "after_sale_cases",
  {
    id: integer("id").primaryKey(),
    /** What the buyer and support quote. */
    caseNo: text("case_no").notNull(),
    orderId: link("order_id", () => orders.id),
    userId: link("user_id", () => users.id),
    kind: text("kind", { enum: AFTER_SALE_KINDS }).notNull(),
    status: text("status", { enum: AFTER_SALE_STATUSES }).notNull(),
    reason: text("reason").notNull(),
    description: text("description"),
    /** Asked for, in the order's trade currency (minor units); never more than the order's total. */
    refundAmount: integer("refund_amount").notNull().default(0),
    compensationAmount: integer("compensation_amount").notNull().default(0),
    currencyCode: text("currency_code").notNull(),
    /** What support granted, which may be less than asked. */
    approvedRefundAmount: integer("approved_refund_amount"),
    approvedCompensationAmount: integer("approved_compensation_amount"),
    /** Receiving account (SPEC §3). */
    accountCurrency: text("account_currency", { enum: RECEIVING_CURRENCIES }).notNull(),
    recipientName: text("recipient_name").notNull(),
    ...receivingAccountDetails(),
    decisionReason: text("decision_reason"),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: integer("decided_at"),
    /** The refund through the payment port, under idempotency key `after-sale-<id>`. */
    providerRefundId: text("provider_refund_id"),
    refundedAt: integer("refunded_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("after_sale_cases_case_no").on(t.caseNo),
    index("after_sale_cases_user").on(t.userId, t.createdAt),
    index("after_sale_cases_order").on(t.orderId),
    index("after_sale_cases_status").on(t.status, t.createdAt),
  ],
);

/** The progress timeline of a case, oldest first. */
export const afterSaleEvents = sqliteTable(
  "after_sale_events",
  {
    id: integer("id").primaryKey(),
    caseId: link("case_id", () => afterSaleCases.id),
    kind: text("kind", { enum: AFTER_SALE_EVENT_KINDS }).notNull(),
    actor: text("actor", { enum: ["buyer", "support", "system"] }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    /** Support's reason, shown to the buyer on a decision. */
    note: text("note"),
    amount: integer("amount"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("after_sale_events_case").on(t.caseId, t.id)],
);
