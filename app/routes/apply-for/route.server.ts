/**
 * /apply-for's server half, the helpers of its loader and action (route.tsx): the order and kind
 * in the address, what the form starts with (the kind's reasons, the receiving currencies, the
 * most that may be asked in the trade currency and the viewer's beside it), and the field a
 * domain refusal is about.
 */
import { redirect, type AppLoadContext } from "react-router";
import * as z from "zod";
import type { getApplyContext } from "@market/aftersales";
import {
  AFTER_SALE_KIND_VALUES,
  type ApplyField,
} from "@market/aftersales/apply-schema";
import { RECEIVING_CURRENCY_VALUES } from "@market/money/receiving-account-fields";
import { toMajorString } from "@market/money/minor-units";
import { CODES } from "@market/errors";
import { eligibilityView, idParam, orderSummaryView, type moneyWriter } from "~/server/after-sale.server";

const kindSchema = z.enum(AFTER_SALE_KIND_VALUES).catch("refund");

/** The order and kind of the address; a malformed order id is not found, an unknown kind is a refund. */
export function applyQueryOf(request: Request) {
  const url = new URL(request.url);
  if (!url.searchParams.has("orderId")) throw redirect("/my-order");
  return { orderId: idParam(request, "orderId"), kind: kindSchema.parse(url.searchParams.get("kind") ?? undefined) };
}

type ApplyContext = Awaited<ReturnType<typeof getApplyContext>>;
type MoneyWriter = Awaited<ReturnType<typeof moneyWriter>>;

/** The apply form's page from the domain's apply context: the order, whether it takes an application now, and the form's starting values. */
export function applyFormOf(apply: ApplyContext, { orderId, kind }: ReturnType<typeof applyQueryOf>, money: MoneyWriter, context: AppLoadContext) {
  const market = context.market;
  const trade = money.currency(apply.currency);
  const display = market.viewer.currency === apply.currency ? null : money.currency(market.viewer.currency);
  return {
    kind,
    order: orderSummaryView(apply.order, money, context),
    eligibility: eligibilityView(apply, money, context),
    reasons: apply.reasons[kind],
    currencies: apply.accountCurrencies.length > 0 ? apply.accountCurrencies : RECEIVING_CURRENCY_VALUES,
    trade,
    display: display && display.perUsdMicros > 0 && trade.perUsdMicros > 0 ? display : null,
    max: { refund: apply.maxRefundAmount, compensation: apply.maxCompensationAmount },
    defaults: {
      orderId: String(orderId),
      kind,
      // SPEC §3: mainland buyers are paid through Alipay, everyone else to a bank in HKD.
      accountCurrency: market.viewer.location === "CN" ? "CNY" : "HKD",
      // A refund asks for everything still refundable unless the buyer says less.
      refundAmount: kind === "refund" ? toMajorString(apply.maxRefundAmount, apply.minorUnits) : "",
    } satisfies Partial<Record<ApplyField, string>>,
  };
}

/** The field a refusal is about, marked with its own message, beside the form error. */
export function refusalFieldErrors(code: number, refusal: string | undefined): Partial<Record<ApplyField, string[]>> {
  if (code === CODES.aftersaleApplyName) return { recipientName: ["aftersaleApplyName"] };
  if (refusal === "refund_over_paid") return { refundAmount: ["aftersales-screens:apply.overPaid"] };
  if (refusal === "compensation_over_paid") return { compensationAmount: ["aftersales-screens:apply.overPaid"] };
  if (refusal === "amount_precision") return { refundAmount: ["aftersales-screens:apply.precision"], compensationAmount: ["aftersales-screens:apply.precision"] };
  return {};
}
