/**
 * 'Cancel the previous order and re-order' (SPEC §4): a buyer with an unpaid order for the same
 * session cancels it and places the new one in one step. The same buyer, moments later, so the
 * previous order's contact details stand, and its shipping address unless the new order names one.
 */
import * as z from "zod";
import type { MarketContext } from "../context";
import { recordId } from "../input/fields";
import { MarketError } from "../errors";
import { recordLowestPrice } from "../demand/price-history";
import { getOrder, type OrderView } from "./order-views";
import { createOrderSchema, type ShippingAddress } from "./order-schemas";
import { createOrder, type PlaceOptions } from "./place-order";
import { invalidInput } from "./validation";

/** The new order's terms: those of createOrder but the contact details, which are the previous order's. */
export const reorderSchema = createOrderSchema.omit({ contactEmail: true, contactPhoneCode: true, contactPhone: true }).extend({ previousOrderId: recordId() });
export type ReorderInput = z.input<typeof reorderSchema>;

/** A kept shipping address as createOrder takes it (absent parts left out, not null). */
export function shippingInputOf(shipping: ShippingAddress | null | undefined) {
  return shipping
    ? { ...shipping, district: shipping.district ?? undefined, addressRemark: shipping.addressRemark ?? undefined, postalCode: shipping.postalCode ?? undefined }
    : undefined;
}

/**
 * Places the new order with the previous one's contact details and cancels the previous one, in
 * one transaction: a re-order that is refused (sold out, a quantity the split rule forbids…)
 * leaves the order the buyer was holding untouched. Another account's or a missing previous
 * order is not found, a paid one cannot be canceled (orderNotCancelable); one that has already
 * lapsed is simply replaced (in a session whose queue is on, that new order passes the bot
 * check: `botCheck`, with the buyer's `remoteIp`).
 */
export async function reorder(ctx: MarketContext, input: ReorderInput, place: Pick<PlaceOptions, "remoteIp"> = {}): Promise<OrderView> {
  const parsed = reorderSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { previousOrderId, ...terms } = parsed.data;
  const previous = await getOrder(ctx, previousOrderId);
  if (previous.status === "paid") throw new MarketError("orderNotCancelable");
  const order = await createOrder(
    ctx,
    {
      ...terms,
      contactEmail: previous.contact.email,
      contactPhoneCode: previous.contact.phoneCode,
      contactPhone: previous.contact.phone,
      shippingAddress: shippingInputOf(terms.shippingAddress ?? previous.shippingAddress),
    },
    previous.status === "pending_payment" ? { ...place, replacing: previous.id } : place,
  );
  if (previous.status === "pending_payment") await recordLowestPrice(ctx, previous.event.sessionId);
  return order;
}
