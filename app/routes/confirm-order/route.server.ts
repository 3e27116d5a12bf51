/**
 * confirmOrder's server half: the page's address (which tickets, and what the address book,
 * coupons and pay modal chose), the page's data shaped from the domain's view, and its two
 * ordering forms (place an order; cancel the unpaid one for the same session and re-order). A
 * listing that sold meanwhile sends the buyer back to the page with a toast, where the sold-out
 * message and the next best listings stand at the top. The route's loader reads top to bottom
 * in route.tsx; these are its helpers.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import * as z from "zod";
import { recordId, wholeNumber } from "../../../functions/market/input/fields";
import { getAddress, type AddressView } from "@market/addresses/address-book";
import type { Language } from "@market/context/viewer";
import { ORDER_MESSAGES } from "@market/delivery/shipping-address";
import { CODES, MarketError } from "@market/errors";
import { createOrder, createOrderSchema, reorder, shippingInputOf, type ShippingAddress } from "@market/orders";
import type { confirmOrderView, ConfirmQuery } from "@market/orders/confirm-view";
import { payReturnUrl } from "@market/payments";
import { sessionTime } from "~/i18n/session-time";
import { admissionTokenOf } from "~/server/demand.server";
import type { WriteMoney } from "~/server/money-writer.server";
import { payableOf, payMethodOf } from "~/server/pay-order.server";
import { isMissing, notFoundResponse, refusalText } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageEventHeader } from "~/server/page-event.server";

const id = recordId();

/** The page's address: which tickets, and what the address book, coupons and pay modal chose. */
const querySchema = z.object({
  listingId: id,
  quantity: wholeNumber(1, 50),
  addressId: id.optional(),
  couponId: id.optional(),
  orderId: id.optional(),
  previousOrderId: id.optional(),
});

export function confirmQueryOf(request: Request): ConfirmQuery {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = querySchema.safeParse(params);
  if (!parsed.success) throw notFoundResponse();
  return parsed.data;
}

/** This page for the same tickets (and chosen address and coupon), with `extra` set. */
export function confirmPageHref(query: ConfirmQuery, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams({ listingId: String(query.listingId), quantity: String(query.quantity) });
  if (query.addressId) params.set("addressId", String(query.addressId));
  if (query.couponId) params.set("couponId", String(query.couponId));
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return `/confirm-order?${params}`;
}

function shippingOf(address: AddressView | null): ShippingAddress | undefined {
  if (!address) return undefined;
  const { fullName, phoneCode, phone, countryRegion, province, city, district, address: line, addressRemark, postalCode } = address;
  return { fullName, phoneCode, phone, countryRegion, province, city, district, address: line, addressRemark, postalCode };
}

/** The address the buyer chose in the address book, if it is theirs. */
async function chosenAddress(context: AppLoadContext, query: ConfirmQuery) {
  if (!query.addressId) return null;
  return getAddress(context.market, query.addressId).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
}

/**
 * How the page shows a refusal, told by the error's code (never by its translated text): too
 * many unpaid orders links to My Orders; an EXPRESS order without an address points at the
 * address card.
 */
export type Refusal = "sameSession" | "tooMany" | "addressMissing" | "other";

/** An EXPRESS order placed without a shipping address (place-order's invalidParam for it). */
function addressMissing(error: unknown): boolean {
  return error instanceof MarketError && error.code === CODES.invalidParam && error.messageKey === ORDER_MESSAGES.addressRequired;
}

/** Tickets gone (or no longer sold in this quantity): the page itself now says so. */
function soldMeanwhile(error: unknown): boolean {
  return error instanceof MarketError && (error.code === CODES.orderInventoryNotEnough || error.code === CODES.orderQuantityNotAllowed);
}

/** SPEC §7's order event for the next page (analytics), the order just placed. */
const orderPlacedEvent = (orderId: number) => pageEventHeader({ event: "order", caller: "confirm-order", status: "placed", orderId });

/** What the page decides of any order placed from it: the tickets, the address and coupon chosen there. */
async function chosenOnPage(request: Request, query: ConfirmQuery, address: Awaited<ReturnType<typeof chosenAddress>>) {
  return {
    listingId: query.listingId,
    quantity: query.quantity,
    shippingAddress: shippingInputOf(shippingOf(address)),
    couponId: query.couponId,
    // A high-demand session admits only buyers through its waiting room.
    admissionToken: await admissionTokenOf(request),
  };
}

/** The buyer's address, for the bot check. */
const remoteIpOf = (request: Request) => request.headers.get("cf-connecting-ip");

/** The order just placed, with its pay modal open. */
async function payNow(query: ConfirmQuery, orderId: number) {
  return redirect(confirmPageHref(query, { orderId, sheet: "pay" }), { headers: { "Set-Cookie": await orderPlacedEvent(orderId) } });
}

/** Place order: the order and its pay modal, or the refusal where the buyer looks. */
export async function placeOrderFromForm(request: Request, formData: FormData, query: ConfirmQuery, context: AppLoadContext) {
  // The tickets are the page's address, whatever the form says.
  formData.set("listingId", String(query.listingId));
  formData.set("quantity", String(query.quantity));
  const submission = parseWithZod(formData, { schema: createOrderSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null, payError: null }, { status: 400 });
  const address = await chosenAddress(context, query);
  try {
    const order = await createOrder(context.market, { ...submission.value, ...(await chosenOnPage(request, query, address)) }, { remoteIp: remoteIpOf(request) });
    return await payNow(query, order.id);
  } catch (error) {
    if (error instanceof MarketError && error.code === CODES.orderUnpaidSameSession) {
      const previousOrderId = Number((error.data as { previousOrderId?: number } | undefined)?.previousOrderId);
      return redirect(confirmPageHref(query, { previousOrderId, confirm: "reorder" }));
    }
    if (soldMeanwhile(error)) return redirectWithToast(confirmPageHref(query), { kind: "error", key: "orderInventoryNotEnough" });
    const refusal: Refusal = error instanceof MarketError && error.code === CODES.orderUnpaidTooMany ? "tooMany" : addressMissing(error) ? "addressMissing" : "other";
    const message = await refusalText(error, context);
    return data({ result: submission.reply({ formErrors: [message] }), refusal, payError: null }, { status: 400 });
  }
}

/**
 * 'Cancel the previous order and re-order' (SPEC §4): the same buyer, moments later, so the
 * previous order's contact details stand.
 */
export async function reorderFromForm(request: Request, formData: FormData, query: ConfirmQuery, context: AppLoadContext) {
  const previousOrderId = id.safeParse(formData.get("previousOrderId"));
  if (!previousOrderId.success) throw new Response("Bad request", { status: 400 });
  try {
    const address = await chosenAddress(context, query);
    const order = await reorder(
      context.market,
      { previousOrderId: previousOrderId.data, ...(await chosenOnPage(request, query, address)) },
      { remoteIp: remoteIpOf(request) },
    );
    return await payNow(query, order.id);
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    if (soldMeanwhile(error)) return redirectWithToast(confirmPageHref(query), { kind: "error", key: "orderInventoryNotEnough" });
    const message = await refusalText(error, context);
    const refusal: Refusal = addressMissing(error) ? "addressMissing" : "other";
    return data({ result: { status: "error" as const, error: { "": [message] } }, refusal, payError: null }, { status: 400 });
  }
}

/** A paid order's success page (its pay return address, on this host). */
export function paidOrderPage(request: Request, order: { id: number; channel: string }): string {
  const success = new URL(payReturnUrl(new URL(request.url).origin, order));
  return `${success.pathname}${success.search}`;
}

type ConfirmOrderView = Awaited<ReturnType<typeof confirmOrderView>>;

/**
 * The page as the buyer reads it, from the domain's view: the tickets and their price in the
 * viewer's language and currency, the links to the address book, coupons and the session, the
 * contact prefill, an unpaid order of the same session and the placed order's pay modal.
 */
export function confirmPageOf(request: Request, query: ConfirmQuery, view: ConfirmOrderView, language: Language, write: WriteMoney) {
  const { quote, order } = view;
  const when = sessionTime(quote.event.startsAt, quote.event.timeZone, language);
  const url = new URL(request.url);
  return {
    quote: {
      listingId: quote.listingId,
      quantity: quote.quantity,
      event: quote.event,
      tickets: quote.tickets,
      deliveryMethod: quote.deliveryMethod,
      onSale: quote.onSale,
      phoneCodes: quote.phoneCodes,
      exchangeRate: quote.exchangeRate,
      tradeCurrency: quote.price.currency,
      displayCurrency: quote.displayPrice.currency,
    },
    when: { iso: when.iso, date: when.date, time: when.time },
    price: view.price,
    trade: view.tradeTotal
      ? { total: view.tradeTotal, currency: quote.price.currency, display: quote.displayPrice.currency, rate: quote.exchangeRate }
      : null,
    soldOut: view.soldOut,
    alternatives: view.alternatives,
    address: view.address,
    couponDiscount: view.couponDiscount,
    couponLine: view.couponLine,
    links: {
      address: `/address-list?${new URLSearchParams({ returnTo: confirmPageHref({ ...query, addressId: undefined }) })}`,
      coupon: `/select-coupon?${new URLSearchParams({ listingId: String(query.listingId), quantity: String(query.quantity), returnTo: confirmPageHref({ ...query, couponId: undefined }) })}`,
      session: `/pick-seat?${new URLSearchParams({ sessionId: String(quote.event.sessionId), quantity: String(query.quantity) })}`,
      here: `${url.pathname}${url.search}`,
    },
    contact: view.contact,
    previous: view.previous,
    ticketLimit: view.ticketLimit,
    payable: order && order.actions.pay ? payableOf(order, write) : null,
    payMethod: payMethodOf(request),
  };
}
