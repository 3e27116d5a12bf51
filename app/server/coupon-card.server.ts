/**
 * A claimed coupon as its card shows it, in the viewer's language: the headline saving, its
 * conditions, its dates and, when it cannot be used, why. Amounts are in the coupon's own
 * currency; a quote for an order is in the order's trade currency.
 */
import { dateTimeFormat } from "@market/calendar/date-format";
import type { TFunction } from "@market/translations/fixed-t";
import type { CouponView, QuotedCoupon } from "@market/coupons";
import type { MarketContext } from "@market/context";
import { loadReference } from "@market/reference";
import { formatMoney, type CurrencyDisplay } from "@market/money";

export interface CouponCard {
  id: number;
  code: string;
  title: string;
  details: string;
  headline: string;
  conditions: string[];
  validity: string;
  newUser: boolean;
  state: CouponView["state"];
  /** Why it cannot be used, or where it was used; null when available. */
  note: string | null;
  /** What it saves on the order in hand, when quoted and available. */
  saves: string | null;
}

export async function couponCards(ctx: MarketContext, t: TFunction, views: (CouponView | QuotedCoupon)[], tradeCode?: string): Promise<CouponCard[]> {
  const { currencyByCode } = await loadReference(ctx);
  const language = ctx.viewer.language;
  const display = (code: string): CurrencyDisplay => {
    const row = currencyByCode.get(code);
    return { code, symbol: row?.symbol ?? `${code} `, minorUnits: row?.minorUnits ?? 2 };
  };
  const money = (amount: number, code: string) => formatMoney(amount, display(code), language);
  const date = (at: number) => dateTimeFormat(language, { timeZone: ctx.viewer.timeZone, dateStyle: "medium" }).format(at);

  return views.map((view) => {
    const headline =
      view.kind === "fixed"
        ? t("coupon:card.off", { amount: money(view.amountOff ?? 0, view.currencyCode) })
        : t("coupon:card.percentOff", { percent: (view.percentBps ?? 0) / 100 });
    const conditions = [
      view.minSpend > 0 ? t("coupon:card.minSpend", { amount: money(view.minSpend, view.currencyCode) }) : t("coupon:card.noMinSpend"),
      ...(view.kind === "percent" && view.maxDiscount !== null ? [t("coupon:card.upTo", { amount: money(view.maxDiscount, view.currencyCode) })] : []),
    ];
    const quoted = "discount" in view && tradeCode ? view : null;
    let note: string | null = null;
    if (view.state === "used") note = view.orderNo ? t("coupon:card.usedOn", { orderNo: view.orderNo }) : t("coupon:states.used");
    else if (view.state === "minSpend" && quoted) note = t("coupon:states.minSpend", { amount: money(quoted.minSpendTrade, tradeCode!) });
    else if (view.state !== "available") note = t(`coupon:states.${view.state}`);
    return {
      id: view.id,
      code: view.code,
      title: view.title,
      details: view.details,
      headline,
      conditions,
      validity: view.state === "notStarted" ? t("coupon:card.validFrom", { date: date(view.validFrom) }) : t("coupon:card.validUntil", { date: date(view.validTo - 1) }),
      newUser: view.newUserOnly,
      state: view.state,
      note,
      saves: quoted && view.state === "available" ? t("coupon:card.saves", { amount: money(quoted.discount, tradeCode!) }) : null,
    };
  });
}
