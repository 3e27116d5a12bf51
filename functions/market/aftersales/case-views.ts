/**
 * Cases as the buyer (/process-list, case detail) and support (the console) see them: the order
 * summary, the amounts asked and granted, the receiving account masked
 * (money/receiving-account.ts: never a whole account number, in any view), and the progress
 * timeline oldest first.
 *
 * The buyer's reads are scoped to their account (another account's case is not found); support's
 * reads ask for the support role on every call.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  afterSaleCases,
  afterSaleEvents,
  listingTerms,
  orders,
  sessions,
  tours,
  users,
  venues,
  type AfterSaleEventKind,
  type AfterSaleKind,
  type AfterSaleStatus,
  type ReceivingCurrency,
} from "../../db/schema";
import { offsetOf, pageOf, type Page, type Paging } from "../paging";
import { joinOrderEvent } from "../listings/listing-event";
import { loadReference } from "../reference";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { requireBuyer } from "../context/buyer";
import { requireRole } from "../staff";
import type { ApplyReason } from "./apply-schema";
import { maskReceivingAccount, type MaskedReceivingAccount } from "../money/receiving-account";
import { nextSteps, REFUND_ARRIVAL, type AfterSaleNextStep, type ApplyRefusal } from "./rules";

/** The refusal is a rule (rules.ts applyRefusalOf); the views carry it. */
export type { ApplyRefusal } from "./rules";

/** The order a case is about, as the after-sales screens summarise it. */
export interface AfterSaleOrderSummary {
  id: number;
  orderNo: string;
  /** The order's own status (paid); refunds are read from its cases, see OrderAfterSaleSummary. */
  status: string;
  eventTitle: string;
  startsAt: number;
  venueName: string;
  quantity: number;
  /** What was paid, minor units of the trade currency. */
  total: number;
  currency: string;
  minorUnits: number;
  paidAt: number | null;
}

/** One step of a case's progress timeline, oldest first. */
export interface AfterSaleEventView {
  kind: AfterSaleEventKind;
  actor: "buyer" | "support" | "system";
  /** Support's reason on approved/rejected; shown to the buyer. */
  note: string | null;
  /** Minor units of the case's currency (refund_started/refunded: the refund; compensation_paid). */
  amount: number | null;
  createdAt: number;
}

/** A case as its buyer sees it (/process-list, case detail). Amounts in minor units of `currency`. */
export interface AfterSaleCaseView {
  id: number;
  caseNo: string;
  kind: AfterSaleKind;
  status: AfterSaleStatus;
  reason: ApplyReason;
  description: string | null;
  currency: string;
  minorUnits: number;
  refundAmount: number;
  compensationAmount: number;
  approvedRefundAmount: number | null;
  approvedCompensationAmount: number | null;
  /** Support's reason for the decision (required on reject). */
  decisionReason: string | null;
  account: MaskedReceivingAccount;
  order: AfterSaleOrderSummary;
  events: AfterSaleEventView[];
  createdAt: number;
  updatedAt: number;
  decidedAt: number | null;
  refundedAt: number | null;
  /** SPEC §4: an approved refund reaches the original payment method in 1-3 working days. */
  refundArrival: { minWorkingDays: 1; maxWorkingDays: 3 } | null;
  /** What comes next while the case is open (rules.ts nextSteps). */
  next: AfterSaleNextStep[];
  actions: { withdraw: boolean };
}

/** A case as support sees it: the buyer's view plus who the buyer is and who decided. */
export interface SupportCaseView extends AfterSaleCaseView {
  buyer: { userId: number; email: string; nickname: string | null };
  decidedBy: number | null;
  /** What support may still do: decide while submitted; record compensation paid once approved. */
  supportActions: { decide: boolean; recordCompensationPaid: boolean };
  /** The order's newest resale listing here, if its buyer listed it: live (for sale), withdrawn, or sold. */
  resale: OrderResale | null;
}

/** A resale listing made from an order, as support sees it beside the order's case. */
export interface OrderResale {
  listingId: number;
  status: "live" | "withdrawn" | "sold";
}

/** What /apply-for needs. Amounts in minor units of the order's trade currency. */
export interface ApplyContext {
  order: AfterSaleOrderSummary;
  currency: string;
  minorUnits: number;
  /** What was paid less what earlier cases refunded (or are refunding). */
  maxRefundAmount: number;
  /** Compensation is capped at what was paid. */
  maxCompensationAmount: number;
  allowed: boolean;
  refusal: ApplyRefusal | null;
  /** The open case when refusal is `case_open`. */
  openCaseId: number | null;
  /** Applications are taken until this instant (30 days after the show starts). */
  applyUntil: number;
  reasons: { refund: readonly ApplyReason[]; after_sale: readonly ApplyReason[] };
  accountCurrencies: readonly ReceivingCurrency[];
}

/** After-sales as order views show it, per order. */
export interface OrderAfterSaleSummary {
  orderId: number;
  /** The case in progress (submitted, approved, refund_pending), if any. */
  openCase: { id: number; caseNo: string; status: AfterSaleStatus } | null;
  /** The newest case of any status, if any. */
  latestCase: { id: number; caseNo: string; status: AfterSaleStatus } | null;
  /** The buyer may apply now (getApplyContext's `allowed`). */
  canApply: boolean;
  /** Refunded (or being refunded) by cases, minor units; `refund` reads none/partial/full. */
  refundedAmount: number;
  refund: "none" | "partial" | "full";
}

export interface SupportCaseQuery {
  status?: AfterSaleStatus;
  /** Matches case no., order no. or the buyer's email. */
  query?: string;
  paging: Paging;
}

/** The order columns every after-sales summary reads. */
export const orderSummaryColumns = {
  orderNo: orders.orderNo,
  orderStatus: orders.status,
  quantity: orders.quantity,
  totalAmount: orders.totalAmount,
  orderCurrency: orders.currencyCode,
  paidAt: orders.paidAt,
  startsAt: sessions.startsAt,
  titleEn: tours.titleEn,
  titleZh: tours.titleZh,
  venueNameEn: venues.nameEn,
  venueNameZh: venues.nameZh,
};

export interface OrderSummaryRow {
  orderNo: string;
  orderStatus: string;
  quantity: number;
  totalAmount: number;
  orderCurrency: string;
  paidAt: number | null;
  startsAt: number;
  titleEn: string;
  titleZh: string;
  venueNameEn: string;
  venueNameZh: string;
}

/** The order summary in the viewer's language. */
export function orderSummaryOf(
  ctx: Pick<MarketContext, "viewer">,
  orderId: number,
  row: OrderSummaryRow,
  minorUnits: number,
): AfterSaleOrderSummary {
  const zh = ctx.viewer.language === "zh-HK";
  return {
    id: orderId,
    orderNo: row.orderNo,
    status: row.orderStatus,
    eventTitle: zh ? row.titleZh : row.titleEn,
    startsAt: row.startsAt,
    venueName: zh ? row.venueNameZh : row.venueNameEn,
    quantity: row.quantity,
    total: row.totalAmount,
    currency: row.orderCurrency,
    minorUnits,
    paidAt: row.paidAt,
  };
}

const caseColumns = {
  item: afterSaleCases,
  ...orderSummaryColumns,
  buyerEmail: users.email,
  buyerNickname: users.nickName,
};

type CaseRow = { item: typeof afterSaleCases.$inferSelect; buyerEmail: string | null; buyerNickname: string | null } & OrderSummaryRow;

function selectCases(ctx: MarketContext) {
  return joinOrderEvent(
    ctx.db
      .select(caseColumns)
      .from(afterSaleCases)
      .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
      .innerJoin(users, eq(users.id, afterSaleCases.userId))
      .$dynamic(),
  );
}

const COMPENSATION_PAYABLE: readonly AfterSaleStatus[] = ["refund_pending", "refunded", "completed"];

async function toSupportViews(ctx: MarketContext, rows: CaseRow[]): Promise<SupportCaseView[]> {
  if (rows.length === 0) return [];
  const [reference, events, resales] = await Promise.all([
    loadReference(ctx),
    ctx.db
      .select()
      .from(afterSaleEvents)
      .where(inArray(afterSaleEvents.caseId, rows.map((row) => row.item.id)))
      .orderBy(afterSaleEvents.id),
    resalesOf(ctx, rows.map((row) => row.item.orderId)),
  ]);
  return rows.map((row) => {
    const item = row.item;
    const minorUnits = reference.currencyByCode.get(item.currencyCode)?.minorUnits ?? 2;
    const timeline = events.filter((event) => event.caseId === item.id);
    const refunding = item.status === "refund_pending" || item.status === "refunded";
    const compensationPaid = timeline.some((event) => event.kind === "compensation_paid");
    return {
      id: item.id,
      caseNo: item.caseNo,
      kind: item.kind,
      status: item.status,
      reason: item.reason as ApplyReason,
      description: item.description,
      currency: item.currencyCode,
      minorUnits,
      refundAmount: item.refundAmount,
      compensationAmount: item.compensationAmount,
      approvedRefundAmount: item.approvedRefundAmount,
      approvedCompensationAmount: item.approvedCompensationAmount,
      decisionReason: item.decisionReason,
      account: maskReceivingAccount(item),
      order: orderSummaryOf(ctx, item.orderId, row, minorUnits),
      events: timeline.map((event) => ({ kind: event.kind, actor: event.actor, note: event.note, amount: event.amount, createdAt: event.createdAt })),
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      decidedAt: item.decidedAt,
      refundedAt: item.refundedAt,
      refundArrival: refunding ? REFUND_ARRIVAL : null,
      next: nextSteps(item, timeline.map((event) => event.kind)),
      actions: { withdraw: item.status === "submitted" },
      buyer: { userId: item.userId, email: row.buyerEmail ?? "", nickname: row.buyerNickname },
      decidedBy: item.decidedBy,
      supportActions: {
        decide: item.status === "submitted",
        recordCompensationPaid: (item.approvedCompensationAmount ?? 0) > 0 && COMPENSATION_PAYABLE.includes(item.status) && !compensationPaid,
      },
      resale: resales.get(item.orderId) ?? null,
    };
  });
}

/** The newest resale listing made from each of `orderIds`, with its status now. */
async function resalesOf(ctx: MarketContext, orderIds: number[]): Promise<Map<number, OrderResale>> {
  const rows = await ctx.db.all<{ orderId: number; listingId: number; withdrawnAt: number | null; sold: number }>(sql`
    SELECT lt.source_order_id AS orderId, lt.listing_id AS listingId, lt.withdrawn_at AS withdrawnAt,
      EXISTS (SELECT 1 FROM ${orders} AS ro WHERE ro.listing_id = lt.listing_id AND ro.status = 'paid') AS sold
    FROM ${listingTerms} AS lt
    WHERE lt.source_order_id IN (${sql.join([...new Set(orderIds)].map((id) => sql`${id}`), sql`, `)})
    ORDER BY lt.listing_id`);
  const resales = new Map<number, OrderResale>();
  for (const row of rows) {
    resales.set(row.orderId, { listingId: row.listingId, status: row.sold === 1 ? "sold" : row.withdrawnAt === null ? "live" : "withdrawn" });
  }
  return resales;
}

/** The buyer's view leaves out who they are to support and what support may do. */
function buyerView({ buyer: _buyer, decidedBy: _decidedBy, supportActions: _supportActions, resale: _resale, ...view }: SupportCaseView): AfterSaleCaseView {
  return view;
}

/** The viewer's cases, newest first, each with its timeline. Throws notLogin. No side effects. */
export async function listMyCases(ctx: MarketContext, paging: Paging): Promise<Page<AfterSaleCaseView>> {
  const buyerId = requireBuyer(ctx);
  const where = eq(afterSaleCases.userId, buyerId);
  const [rows, total] = await Promise.all([
    selectCases(ctx)
      .where(where)
      .orderBy(desc(afterSaleCases.createdAt), desc(afterSaleCases.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    countCases(ctx, where),
  ]);
  return pageOf((await toSupportViews(ctx, rows)).map(buyerView), total, paging);
}

/** One of the viewer's cases. Throws notLogin; notFound (missing or another account's). No side effects. */
export async function getMyCase(ctx: MarketContext, caseId: number): Promise<AfterSaleCaseView> {
  const buyerId = requireBuyer(ctx);
  const [row] = await selectCases(ctx)
    .where(and(eq(afterSaleCases.id, caseId), eq(afterSaleCases.userId, buyerId)))
    .limit(1);
  if (!row) throw notFound("case");
  const [view] = await toSupportViews(ctx, [row]);
  return buyerView(view);
}

/**
 * Support's case list, newest first; `query` matches the case no., the order no. or the buyer's
 * email (any part, any case). Throws notLogin (guest), notFound (not support). No side effects.
 */
export async function listCases(ctx: MarketContext, input: SupportCaseQuery): Promise<Page<SupportCaseView>> {
  await requireRole(ctx, "support");
  const query = input.query?.trim().toLowerCase();
  const matches = query
    ? sql`(instr(lower(${afterSaleCases.caseNo}), ${query}) > 0 OR instr(lower(${orders.orderNo}), ${query}) > 0 OR instr(lower(coalesce(${users.email}, '')), ${query}) > 0)`
    : undefined;
  const where = and(input.status ? eq(afterSaleCases.status, input.status) : undefined, matches);
  const [rows, total] = await Promise.all([
    selectCases(ctx)
      .where(where)
      .orderBy(desc(afterSaleCases.createdAt), desc(afterSaleCases.id))
      .limit(input.paging.pageSize)
      .offset(offsetOf(input.paging)),
    countCases(ctx, where),
  ]);
  return pageOf(await toSupportViews(ctx, rows), total, input.paging);
}

/** One case for support. Throws notLogin, notFound (not support, or no such case). No side effects. */
export async function getCaseForSupport(ctx: MarketContext, caseId: number): Promise<SupportCaseView> {
  await requireRole(ctx, "support");
  return readSupportCase(ctx, caseId);
}

/** A case as support sees it, without asking for the role (the caller has). Throws notFound. */
export async function readSupportCase(ctx: MarketContext, caseId: number): Promise<SupportCaseView> {
  const [row] = await selectCases(ctx).where(eq(afterSaleCases.id, caseId)).limit(1);
  if (!row) throw notFound("case");
  const [view] = await toSupportViews(ctx, [row]);
  return view;
}

async function countCases(ctx: MarketContext, where: SQL | undefined): Promise<number> {
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(afterSaleCases)
    .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
    .innerJoin(users, eq(users.id, afterSaleCases.userId))
    .where(where);
  return counted?.total ?? 0;
}
