/**
 * Paying back an approved after-sales refund: to the original payment method, through the
 * provider of the payment that paid the order, under idempotency key `after-sale-<caseId>`, so
 * however often it is asked (the decision, the cron, both at once) the money moves once. Only the
 * call that moves the case to refunded records the `refunded` event and mails the buyer (SPEC §4:
 * 1-3 working days). A provider that fails leaves the case refund_pending; the cron asks again.
 */
import { pushCaseStep } from "./case-push";
import { eq, sql } from "drizzle-orm";
import { afterSaleCases, afterSaleEvents, orders, payments, users } from "../../db/schema";
import type { MailMessage } from "../context/mail-port";
import { serviceMail } from "../context/service-mail";
import { logError } from "../../observability";
import { loadReference } from "../reference";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { formatMoney } from "../money";
import { prepare } from "../context/statements";
import { defaultPaymentDeps, type PaymentDeps } from "../context/payment-port";
import { isLanguage } from "../context/language";
import { hasEvent, refundedSoFar, refundKeyOf } from "./rules";
import { systemVoidStatements } from "../delivery/system-void";

/** Cases owed a refund settled at most this many at a time per cron run, so one run stays short. */
const REFUNDS_PER_RUN = 20;

/**
 * Refunds one refund_pending case. Returns true when it is refunded (by this call or an earlier
 * one), false when it is not owed a refund or the provider failed (logged; left owed). Throws
 * only if D1 fails. Side effects: the provider's refund; the case refunded with its `refunded`
 * event; a mail to the order's contact email, once.
 */
export async function settleCaseRefund(ctx: MarketContext, caseId: number, deps: PaymentDeps = defaultPaymentDeps(ctx)): Promise<boolean> {
  const [row] = await ctx.db
    .select({
      item: afterSaleCases,
      orderNo: orders.orderNo,
      contactEmail: orders.contactEmail,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      language: users.defaultLanguage,
    })
    .from(afterSaleCases)
    .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
    .innerJoin(users, eq(users.id, afterSaleCases.userId))
    .leftJoin(payments, eq(payments.id, orders.paidPaymentId))
    .where(eq(afterSaleCases.id, caseId))
    .limit(1);
  if (!row) return false;
  const item = row.item;
  if (item.status === "refunded") return true;
  const amount = item.approvedRefundAmount ?? 0;
  if (item.status !== "refund_pending" || amount <= 0 || !row.provider || !row.providerPaymentId) return false;

  let providerRefundId: string;
  try {
    ({ providerRefundId } = await deps.provider(row.provider).refund({
      providerPaymentId: row.providerPaymentId,
      amount,
      currency: item.currencyCode,
      idempotencyKey: refundKeyOf(caseId),
    }));
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "settleCaseRefund", caseId });
    return false;
  }

  const now = ctx.now();
  const refundedOrder = sql`(SELECT order_id FROM ${afterSaleCases} WHERE id = ${caseId} AND status = 'refunded')`;
  const [refunded] = await ctx.d1.batch([
    prepare(
      ctx.d1,
      sql`UPDATE ${afterSaleCases} SET status = 'refunded', provider_refund_id = ${providerRefundId}, refunded_at = ${now}, updated_at = ${now}
          WHERE id = ${caseId} AND status = 'refund_pending'`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${afterSaleEvents} (case_id, kind, actor, amount, created_at)
          SELECT id, 'refunded', 'system', approved_refund_amount, ${now} FROM ${afterSaleCases}
          WHERE id = ${caseId} AND status = 'refunded' AND NOT ${hasEvent(caseId, ["refunded"])}`,
    ),
    // Refunded in full, the buyer no longer holds the tickets: the delivery ends in this batch.
    ...systemVoidStatements(refundedOrder, sql`${refundedSoFar(refundedOrder)} >= (SELECT total_amount FROM ${orders} WHERE id = ${refundedOrder})`, "refunded", now).map(
      (statement) => prepare(ctx.d1, statement),
    ),
  ]);
  if (refunded.meta.changes === 1) {
    const language: Language = isLanguage(row.language) ? row.language : "en-US";
    const reference = await loadReference(ctx);
    const currency = reference.currencyByCode.get(item.currencyCode);
    const shown = formatMoney(
      amount,
      currency ? { code: currency.code, symbol: currency.symbol, minorUnits: currency.minorUnits } : { code: item.currencyCode, symbol: `${item.currencyCode} `, minorUnits: 2 },
      language,
    );
    await ctx.mail.send(afterSaleRefundMail({ to: row.contactEmail, language, orderNo: row.orderNo, caseNo: item.caseNo, amount: shown }));
    await pushCaseStep(ctx, caseId, "refunded");
  }
  return true;
}

/** The cron: refunds every case still owed one (a provider failed earlier). Returns how many were refunded. */
export async function settleAfterSaleRefunds(ctx: MarketContext, deps: PaymentDeps = defaultPaymentDeps(ctx)): Promise<number> {
  const owed = await ctx.db
    .select({ id: afterSaleCases.id })
    .from(afterSaleCases)
    .where(eq(afterSaleCases.status, "refund_pending"))
    .orderBy(afterSaleCases.updatedAt)
    .limit(REFUNDS_PER_RUN);
  let settled = 0;
  for (const { id } of owed) if (await settleCaseRefund(ctx, id, deps)) settled++;
  return settled;
}

/** The buyer's mail: the approved refund is on its way, and when it arrives (SPEC §4: 1-3 working days). */
export function afterSaleRefundMail(input: { to: string; language: Language; orderNo: string; caseNo: string; amount: string }): MailMessage {
  const zh = input.language === "zh-HK";
  return serviceMail({
    to: input.to,
    kind: "after_sale_refunded",
    language: input.language,
    subject: zh ? `訂單 ${input.orderNo} 的退款已處理` : `Your refund for order ${input.orderNo} is on its way`,
    paragraphs: zh
      ? [
          `你就訂單 ${input.orderNo} 提出的售後申請（編號 ${input.caseNo}）已獲批准，我們已將 ${input.amount} 退回你原本的付款方式。`,
          "款項會在 1 至 3 個工作天內到帳。你可以在「進度」頁查看申請的每一步。",
        ]
      : [
          `Your after-sales application ${input.caseNo} for order ${input.orderNo} was approved, and we have refunded ${input.amount} to your original payment method.`,
          "It reaches you in 1-3 working days. You can follow every step of your application on its progress page.",
        ],
  });
}
