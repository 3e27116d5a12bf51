/**
 * A buyer's coupons (SPEC §2 promoCode /promo-code-list, selectCoupon /select-coupon; §3 Coupon).
 *
 * Rules:
 * - A code is claimed once per account. Claiming is refused with clientOperateFail (200505)
 *   and one reason: an unknown code, one already claimed, one expired, or a new-user coupon
 *   for an account that has paid for an order before.
 * - A claimed coupon belongs to its account; another account's is not found.
 * - A coupon is spent by pointing it at an order, in the order's own batch (reserve.ts). It is
 *   used while that order is paid or still holds its tickets; once the order is canceled or its
 *   hold lapses it is available again, with no cron needed.
 * - For a prospective order, a coupon also needs the ticket amount to reach its minimum spend;
 *   the discount is in the listing's trade currency (coupon-rules.ts).
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { coupons, currencies, listings, orders, userCoupons } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import type { CurrencyRate } from "../money";
import { requireBuyer } from "../context/buyer";
import { couponState, quoteTerms, type CouponState, type CouponTerms } from "./coupon-rules";
import type { ProspectiveOrder, QuoteCouponRequest } from "./coupon-schema";

export interface CouponView extends CouponTerms {
  /** The claimed coupon's id: what an order is given. */
  id: number;
  code: string;
  title: string;
  details: string;
  claimedAt: number;
  state: CouponState;
  /** The order it is spent on, while it is used. */
  orderNo: string | null;
}

export interface QuotedCoupon extends CouponView {
  /** What it takes off this order, in the trade currency (0 when unavailable). */
  discount: number;
  /** Its minimum spend in the trade currency. */
  minSpendTrade: number;
}

export interface CouponsForOrder {
  currencyCode: string;
  ticketAmount: number;
  available: QuotedCoupon[];
  unavailable: QuotedCoupon[];
}

function refuse(reason: "unknown" | "alreadyClaimed" | "expired" | "newUserOnly" | CouponState): MarketError {
  return new MarketError("clientOperateFail", { messageKey: `coupon:errors.${reason}`, data: { reason } });
}

/** Whether the account has ever paid for an order (then it is no longer a new user). */
async function hasPaidOrder(ctx: MarketContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .limit(1);
  return row !== undefined;
}

/** The order a claimed coupon is spent on, when that order still takes it at `now`. */
function spentOn(now: number) {
  return sql<string | null>`(SELECT ${orders.orderNo} FROM ${orders} WHERE ${orders.id} = ${userCoupons.orderId} AND (${orders.status} = 'paid' OR (${orders.status} = 'pending_payment' AND ${orders.expiresAt} > ${now})))`;
}

async function readMine(ctx: MarketContext, userId: number, only?: number): Promise<CouponView[]> {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const [rows, paid] = await Promise.all([
    ctx.db
      .select({
        id: userCoupons.id,
        claimedAt: userCoupons.claimedAt,
        orderNo: spentOn(now),
        code: coupons.code,
        titleEn: coupons.titleEn,
        titleZh: coupons.titleZh,
        detailsEn: coupons.detailsEn,
        detailsZh: coupons.detailsZh,
        kind: coupons.kind,
        currencyCode: coupons.currencyCode,
        amountOff: coupons.amountOff,
        percentBps: coupons.percentBps,
        maxDiscount: coupons.maxDiscount,
        minSpend: coupons.minSpend,
        validFrom: coupons.validFrom,
        validTo: coupons.validTo,
        newUserOnly: coupons.newUserOnly,
      })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(only === undefined ? eq(userCoupons.userId, userId) : and(eq(userCoupons.userId, userId), eq(userCoupons.id, only)))
      .orderBy(asc(coupons.validTo), desc(userCoupons.id)),
    hasPaidOrder(ctx, userId),
  ]);
  return rows.map(({ titleEn, titleZh, detailsEn, detailsZh, ...row }) => ({
    ...row,
    title: zh ? titleZh : titleEn,
    details: zh ? detailsZh : detailsEn,
    state: couponState(row, { now, spent: row.orderNo !== null, hasPaidOrder: paid }),
  }));
}

/** The viewer's claimed coupons, soonest to expire first, each with its state. Throws notLogin. */
export async function listMyCoupons(ctx: MarketContext): Promise<CouponView[]> {
  return readMine(ctx, requireBuyer(ctx));
}

/**
 * Claims a coupon by its code for the viewer. Throws notLogin; clientOperateFail with
 * messageKey coupon:errors.unknown, alreadyClaimed, expired or newUserOnly. Writes one
 * user_coupons row.
 */
export async function claimCoupon(ctx: MarketContext, code: string): Promise<CouponView> {
  const userId = requireBuyer(ctx);
  const now = ctx.now();
  const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  if (!coupon) throw refuse("unknown");
  if (now >= coupon.validTo) throw refuse("expired");
  if (coupon.newUserOnly && (await hasPaidOrder(ctx, userId))) throw refuse("newUserOnly");
  const [claimed] = await ctx.db
    .insert(userCoupons)
    .values({ userId, couponId: coupon.id, claimedAt: now })
    .onConflictDoNothing({ target: [userCoupons.userId, userCoupons.couponId] })
    .returning({ id: userCoupons.id });
  if (!claimed) throw refuse("alreadyClaimed");
  const [view] = await readMine(ctx, userId, claimed.id);
  return view!;
}

async function rates(ctx: MarketContext, codes: string[]): Promise<Map<string, CurrencyRate>> {
  const rows = await ctx.db
    .select({ code: currencies.code, minorUnits: currencies.minorUnits, perUsdMicros: currencies.perUsdMicros })
    .from(currencies)
    .where(inArray(currencies.code, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code, row]));
}

/** A currency's rate; one the list lacks still converts to itself (convert's own shortcut). */
function rateOf(known: Map<string, CurrencyRate>, code: string): CurrencyRate {
  return known.get(code) ?? { code, minorUnits: 2, perUsdMicros: 0 };
}

async function ticketAmountOf(ctx: MarketContext, order: ProspectiveOrder) {
  const [listing] = await ctx.db
    .select({ priceMinor: listings.priceMinor, currencyCode: listings.currencyCode })
    .from(listings)
    .where(eq(listings.id, order.listingId))
    .limit(1);
  if (!listing) throw notFound("listing");
  return { currencyCode: listing.currencyCode, ticketAmount: listing.priceMinor * order.quantity };
}

function quoteAll(views: CouponView[], ticketAmount: number, tradeCode: string, known: Map<string, CurrencyRate>): QuotedCoupon[] {
  const trade = rateOf(known, tradeCode);
  return views.map((view) => {
    const quote = quoteTerms(view, ticketAmount, rateOf(known, view.currencyCode), trade);
    const state: CouponState = view.state === "available" && !quote.meetsMinSpend ? "minSpend" : view.state;
    return { ...view, state, discount: state === "available" ? quote.discount : 0, minSpendTrade: quote.minSpend };
  });
}

/**
 * The viewer's coupons for a prospective order of `quantity` tickets of a listing: those it can
 * use, best discount first, and those it cannot, each with its reason. Throws notLogin;
 * notFound (no such listing).
 */
export async function couponsForOrder(ctx: MarketContext, order: ProspectiveOrder): Promise<CouponsForOrder> {
  const userId = requireBuyer(ctx);
  const [{ currencyCode, ticketAmount }, mine] = await Promise.all([ticketAmountOf(ctx, order), readMine(ctx, userId)]);
  const known = await rates(ctx, [currencyCode, ...mine.map((coupon) => coupon.currencyCode)]);
  const quoted = quoteAll(mine, ticketAmount, currencyCode, known);
  return {
    currencyCode,
    ticketAmount,
    available: quoted.filter((coupon) => coupon.state === "available").sort((a, b) => b.discount - a.discount),
    unavailable: quoted.filter((coupon) => coupon.state !== "available"),
  };
}

/**
 * What one of the viewer's claimed coupons takes off a prospective order, in the listing's
 * trade currency. Throws notLogin; notFound (no such listing, or the coupon is missing or
 * another account's); clientOperateFail (coupon:errors.<state>) when it cannot be used on it.
 */
export async function quoteCoupon(ctx: MarketContext, request: QuoteCouponRequest): Promise<{ couponId: number; discount: number; currencyCode: string }> {
  const userId = requireBuyer(ctx);
  const [[coupon], { currencyCode, ticketAmount }] = await Promise.all([readMine(ctx, userId, request.couponId), ticketAmountOf(ctx, request)]);
  if (!coupon) throw notFound("coupon");
  const known = await rates(ctx, [currencyCode, coupon.currencyCode]);
  const [quoted] = quoteAll([coupon], ticketAmount, currencyCode, known);
  if (quoted!.state !== "available") throw refuse(quoted!.state);
  return { couponId: coupon.id, discount: quoted!.discount, currencyCode };
}
