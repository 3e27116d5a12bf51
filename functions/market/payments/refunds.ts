/**
 * Giving back money that could not pay its order. A payment owed back (refund_pending) is
 * refunded through its provider under an idempotency key derived from the payment, so asking
 * twice refunds once; only the call that moves it to refunded tells the buyer (an order note and
 * a mail). A provider that fails leaves the refund owed; the cron asks again every minute.
 */
import { eq, sql } from "drizzle-orm";
import { deliveries, orderNotes, orders, payments, users } from "../../db/schema";
import type { MailMessage } from "../context/mail-port";
import { serviceMail } from "../context/service-mail";
import { logError } from "../../observability";
import { loadReference } from "../reference";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { formatMoney } from "../money";
import { prepare } from "../context/statements";
import { isLanguage } from "../context/language";
import { defaultPaymentDeps, type PaymentDeps } from "./deps";
import { releasePurchases } from "../orders/purchase-limits";

type PaymentRow = typeof payments.$inferSelect;

/** Why money is given back: it came too late or twice, or support voided the order's delivery. */
type RefundReason = "expired" | "canceled" | "paid" | "voided";

/** Refunds owed at most this many at a time per cron run, so one run stays short. */
const REFUNDS_PER_RUN = 20;

/**
 * Refunds one payment owed back. Takes the payment row. Returns true when it is now refunded
 * (by this call or an earlier one), false when the provider failed (logged; left owed). Throws
 * only if D1 fails. Side effects: the provider's refund; the payment refunded; an order note
 * `payment_refunded`; a mail to the order's contact email, once.
 */
export async function settleRefund(
  ctx: MarketContext,
  payment: PaymentRow,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<boolean> {
  if (payment.status === "refunded") return true;
  if (payment.status !== "refund_pending" || !payment.providerPaymentId) return false;
  let providerRefundId: string;
  try {
    ({ providerRefundId } = await deps.provider(payment.provider).refund({
      providerPaymentId: payment.providerPaymentId,
      amount: payment.amount,
      currency: payment.currencyCode,
      idempotencyKey: `refund-${payment.id}`,
    }));
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "settleRefund", paymentId: payment.id });
    return false;
  }
  const now = ctx.now();
  const [refunded] = await ctx.d1.batch([
    prepare(
      ctx.d1,
      sql`UPDATE ${payments} SET status = 'refunded', provider_refund_id = ${providerRefundId}, refunded_at = ${now}, updated_at = ${now}
          WHERE id = ${payment.id} AND status = 'refund_pending'`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${orderNotes} (order_id, user_id, kind, dedupe_key, amount, currency_code, created_at)
          SELECT order_id, user_id, 'payment_refunded', 'refund:' || id, amount, currency_code, ${now}
          FROM ${payments} WHERE id = ${payment.id} AND status = 'refunded'
          ON CONFLICT (dedupe_key) DO NOTHING`,
    ),
    // An order whose paying payment this was no longer holds its tickets: its purchase-limit count goes back.
    releasePurchases(ctx, now, payment.orderId),
  ]);
  if (refunded.meta.changes === 1) await mailRefund(ctx, payment);
  return true;
}

/**
 * Refunds every payment still owed back (a provider failed earlier). For the cron. Returns how
 * many were refunded. Throws only if D1 fails.
 */
export async function settleOwedRefunds(ctx: MarketContext, deps: PaymentDeps = defaultPaymentDeps(ctx)): Promise<number> {
  const owed = await ctx.db.select().from(payments).where(eq(payments.status, "refund_pending")).limit(REFUNDS_PER_RUN);
  let settled = 0;
  for (const payment of owed) if (await settleRefund(ctx, payment, deps)) settled++;
  return settled;
}

async function mailRefund(ctx: MarketContext, payment: PaymentRow): Promise<void> {
  const [row] = await ctx.db
    .select({ order: orders, language: users.defaultLanguage, deliveryState: deliveries.state })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(eq(orders.id, payment.orderId))
    .limit(1);
  if (!row) return;
  const reference = await loadReference(ctx);
  const currency = reference.currencyByCode.get(payment.currencyCode);
  const language: Language = isLanguage(row.language) ? row.language : "en-US";
  const amount = formatMoney(
    payment.amount,
    currency ? { code: currency.code, symbol: currency.symbol, minorUnits: currency.minorUnits } : { code: payment.currencyCode, symbol: `${payment.currencyCode} `, minorUnits: 2 },
    language,
  );
  const why =
    row.order.status === "canceled"
      ? row.order.cancelReason === "expired"
        ? "expired"
        : "canceled"
      : row.deliveryState === "voided"
        ? "voided"
        : "paid";
  await ctx.mail.send(refundMail({ to: row.order.contactEmail, language, orderNo: row.order.orderNo, amount, why }));
}

const REASONS: Record<RefundReason, Record<Language, string>> = {
  expired: {
    "en-US": "it arrived after the order's 10 minutes to pay had passed, so the tickets were no longer held for you",
    "zh-HK": "付款於訂單的 10 分鐘付款時限過後才到達，門票已不再為你保留",
  },
  canceled: {
    "en-US": "it arrived after the order had been canceled",
    "zh-HK": "付款於訂單取消後才到達",
  },
  paid: {
    "en-US": "the order had already been paid",
    "zh-HK": "該訂單已經付款",
  },
  voided: {
    "en-US": "the delivery of your tickets was canceled by our customer service team",
    "zh-HK": "你的門票交付已由我們的客戶服務團隊取消",
  },
};

/** The buyer's mail: what was refunded, why, and when it arrives (SPEC §4: 1-3 working days). */
export function refundMail(input: {
  to: string;
  language: Language;
  orderNo: string;
  amount: string;
  why: RefundReason;
}): MailMessage {
  const reason = REASONS[input.why][input.language];
  const zh = input.language === "zh-HK";
  return serviceMail({
    to: input.to,
    kind: "payment_refunded",
    language: input.language,
    subject: zh ? `訂單 ${input.orderNo} 的付款已退回` : `Your payment for order ${input.orderNo} has been refunded`,
    paragraphs: zh
      ? [
          `我們收到你就訂單 ${input.orderNo} 支付的 ${input.amount}，但${reason}，因此沒有為這筆付款發出門票。`,
          "我們已將全數款項退回你原本的付款方式，款項會在 1 至 3 個工作天內到帳。",
          "如仍想購買，請重新選擇門票並下單。",
        ]
      : [
          `We received your payment of ${input.amount} for order ${input.orderNo}, but ${reason}, so no tickets were issued for it.`,
          "We have refunded the full amount to your original payment method. It reaches you in 1-3 working days.",
          "If you still want to go, please choose your tickets and order again.",
        ],
  });
}
