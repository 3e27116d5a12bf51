/**
 * confirmOrder's address and its two ordering forms (place an order; cancel the unpaid one for
 * the same session and re-order). A listing that sold meanwhile sends the buyer back to the
 * page with a toast, where the sold-out message and the next best listings stand at the top.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { recordId, wholeNumber } from "../../functions/market/input/fields";
import { getAddress, type AddressView } from "@market/addresses/address-book";
import { CODES, MarketError } from "@market/errors";
import { createOrder, createOrderSchema, reorder, shippingInputOf, type ShippingAddress } from "@market/orders";
import type { ConfirmQuery } from "@market/orders/confirm-view";
import { admissionTokenOf } from "./demand.server";
import { isMissing, notFoundResponse, refusalText } from "./refusal.server";
import { redirectWithToast } from "./toast.server";

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
  if (!parsed.success) throw new Response("Not found", { status: 404 });
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

export type Refusal = "sameSession" | "tooMany" | "other";

/** Tickets gone (or no longer sold in this quantity): the page itself now says so. */
function soldMeanwhile(error: unknown): boolean {
  return error instanceof MarketError && (error.code === CODES.orderInventoryNotEnough || error.code === CODES.orderQuantityNotAllowed);
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
    const order = await createOrder(context.market, {
      ...submission.value,
      listingId: query.listingId,
      quantity: query.quantity,
      shippingAddress: shippingInputOf(shippingOf(address)),
      couponId: query.couponId,
      // A high-demand session admits only buyers through its waiting room.
      admissionToken: await admissionTokenOf(request),
    });
    return redirect(confirmPageHref(query, { orderId: order.id, sheet: "pay" }));
  } catch (error) {
    if (error instanceof MarketError && error.code === CODES.orderUnpaidSameSession) {
      const previousOrderId = Number((error.data as { previousOrderId?: number } | undefined)?.previousOrderId);
      return redirect(confirmPageHref(query, { previousOrderId, confirm: "reorder" }));
    }
    if (soldMeanwhile(error)) return redirectWithToast(confirmPageHref(query), { kind: "error", key: "orderInventoryNotEnough" });
    const refusal: Refusal = error instanceof MarketError && error.code === CODES.orderUnpaidTooMany ? "tooMany" : "other";
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
    const order = await reorder(context.market, {
      previousOrderId: previousOrderId.data,
      listingId: query.listingId,
      quantity: query.quantity,
      shippingAddress: shippingInputOf(shippingOf(address)),
      couponId: query.couponId,
      // A high-demand session admits only buyers through its waiting room.
      admissionToken: await admissionTokenOf(request),
    });
    return redirect(confirmPageHref(query, { orderId: order.id, sheet: "pay" }));
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    if (soldMeanwhile(error)) return redirectWithToast(confirmPageHref(query), { kind: "error", key: "orderInventoryNotEnough" });
    const message = await refusalText(error, context);
    return data({ result: { status: "error" as const, error: { "": [message] } }, refusal: "other" as Refusal, payError: null }, { status: 400 });
  }
}
