/**
 * What the buyer's after-sales screens (/order-refund, /order-after-sale, /apply-for,
 * /process-list) read on the server: the order or case named in the address, written in the
 * viewer's language and currency before it reaches the page, so the page reads the same with or
 * without JavaScript.
 */
import { data, type AppLoadContext } from "react-router";
import * as z from "zod";
import { getApplyContext, type AfterSaleOrderSummary, type ApplyContext } from "@market/aftersales";
import { loadReference } from "@market/reference";
import type { AfterSaleKind } from "../../functions/db/schema";
import { formatMoney, type CurrencyRate } from "@market/money";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime, shortDateTime } from "~/i18n/session-time";
import { requireUser } from "./auth.server";
import { recordId } from "../../functions/market/input/fields";
import { notFoundPage } from "./refusal.server";

const idSchema = recordId();

/** A record id from the address (?id=, ?orderId=); a missing or malformed one is not found. */
export function idParam(request: Request, name: string): number {
  const parsed = idSchema.safeParse(new URL(request.url).searchParams.get(name) ?? undefined);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/** The one mapping of a missing record to the 404 screen (refusal.server.ts), for the screens that import it from here. */
export { notFoundPage };

/** A currency as the browser needs it to write an amount and convert one as the buyer types. */
export interface CurrencyView extends CurrencyRate {
  symbol: string;
}

/** Amounts written the way the viewer reads them, with our own currency symbols. */
export async function moneyWriter(context: AppLoadContext) {
  const reference = await loadReference(context.market);
  const language = context.market.viewer.language;
  const currency = (code: string): CurrencyView => {
    const row = reference.currencyByCode.get(code);
    return row ? { code, symbol: row.symbol, minorUnits: row.minorUnits, perUsdMicros: row.perUsdMicros } : { code, symbol: `${code} `, minorUnits: 2, perUsdMicros: 0 };
  };
  return {
    write: (amount: number, code: string) => formatMoney(amount, currency(code), language),
    currency,
  };
}

export type MoneyWriter = Awaited<ReturnType<typeof moneyWriter>>;

/** The order an application is about, as the screens summarise it. */
export function orderSummaryView(order: AfterSaleOrderSummary, money: MoneyWriter, context: AppLoadContext) {
  const { language, timeZone } = context.market.viewer;
  return {
    id: order.id,
    orderNo: order.orderNo,
    eventTitle: order.eventTitle,
    venueName: order.venueName,
    when: { iso: new Date(order.startsAt).toISOString(), text: shortDateTime(order.startsAt, timeZone, language) },
    quantity: order.quantity,
    total: money.write(order.total, order.currency),
    /** Paid (or refunded since): the total is what was paid. */
    paid: order.paidAt !== null,
  };
}

export type OrderSummary = ReturnType<typeof orderSummaryView>;

/** Whether the order takes an application now, and if not, why, with what the buyer can do. */
export function eligibilityView(apply: ApplyContext, money: MoneyWriter, context: AppLoadContext) {
  const { language, timeZone } = context.market.viewer;
  return {
    allowed: apply.allowed,
    refusal: apply.refusal,
    openCaseId: apply.openCaseId,
    applyUntil: sessionTime(apply.applyUntil, timeZone, language).date,
    maxRefund: money.write(apply.maxRefundAmount, apply.currency),
    maxCompensation: money.write(apply.maxCompensationAmount, apply.currency),
  };
}

export type Eligibility = ReturnType<typeof eligibilityView>;

/**
 * /order-refund and /order-after-sale (?id= an order): what each kind of application is for,
 * and whether this order takes one now.
 */
export async function entryPageData(request: Request, context: AppLoadContext, kind: AfterSaleKind) {
  await requireUser(request, context);
  const market = context.market;
  const orderId = idParam(request, "id");
  const [apply, money, t] = await Promise.all([
    getApplyContext(market, orderId).catch(notFoundPage),
    moneyWriter(context),
    i18nServer.getFixedT(market.viewer.language, ["aftersales-screens", "common"]),
  ]);
  return data(
    {
      title: `${t(`aftersales-screens:entry.${kind}.title`)} · ${t("common:appName")}`,
      kind,
      order: orderSummaryView(apply.order, money, context),
      eligibility: eligibilityView(apply, money, context),
      applyHref: applyHref(orderId, kind),
      switchHref: `${kind === "refund" ? "/order-after-sale" : "/order-refund"}?id=${orderId}`,
    },
    { headers: { "cache-control": "no-store" } },
  );
}

export function applyHref(orderId: number, kind: AfterSaleKind): string {
  return `/apply-for?${new URLSearchParams({ orderId: String(orderId), kind })}`;
}
