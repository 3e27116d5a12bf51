/**
 * What placing and acting on an order may carry, shared by the JSON API, the order screens'
 * actions and the browser (conform), so the browser validates what the server validates.
 * Imports zod only: it ships to the browser. Messages are keys in the `errors` namespace.
 */
import * as z from "zod";
import { PAY_METHODS } from "./pay-method";
import { recordId, wholeNumber } from "../input/fields";
import { ORDER_MESSAGES, shippingAddressSchema, type ShippingAddress } from "../delivery/shipping-address";

export { ORDER_MESSAGES, shippingAddressSchema, type ShippingAddress };

/** The most tickets one order may take; a listing's quantity and split rule bind first. */
export const ORDER_QUANTITY_LIMIT = 50;

const id = recordId();

/** Confirming an order (SPEC §2 confirmOrder): which tickets, how many, and how to reach the buyer. */
export const createOrderSchema = z.object({
  listingId: id,
  quantity: wholeNumber(1, ORDER_QUANTITY_LIMIT),
  contactEmail: z
    .string({ error: ORDER_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: ORDER_MESSAGES.emailRequired })
    .max(254, { error: ORDER_MESSAGES.emailInvalid })
    .pipe(z.email({ error: ORDER_MESSAGES.emailInvalid }))
    .transform((email) => email.toLowerCase()),
  contactPhoneCode: z
    .string({ error: ORDER_MESSAGES.phoneRequired })
    .trim()
    .regex(/^\+?\d{1,4}$/, { error: ORDER_MESSAGES.phoneInvalid })
    .transform((code) => code.replace(/^\+/, "")),
  contactPhone: z
    .string({ error: ORDER_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ORDER_MESSAGES.phoneRequired })
    .regex(/^\d{4,15}$/, { error: ORDER_MESSAGES.phoneInvalid }),
  /** Required when the listing delivers by EXPRESS, ignored otherwise. */
  shippingAddress: shippingAddressSchema.optional(),
  /** One of the buyer's claimed coupons (user coupon id), spent on the order. */
  couponId: id.optional(),
  /** The waiting room's admission, required while the session's queue is on (demand/admission.ts). */
  admissionToken: z.string().max(400).optional(),
  /** The bot check's token (Turnstile's), required while the session's queue is on (decision 310). */
  botCheck: z.string().max(2048).optional(),
});

export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrderRequest = z.output<typeof createOrderSchema>;

/** An order named by its id: detail, cancel, buy again. */
export const orderIdSchema = z.object({ orderId: id });

export { PAY_METHODS } from "./pay-method";

/** Paying an order (the pay modal). */
export const payOrderSchema = z.object({
  orderId: id,
  payMethod: z.enum(PAY_METHODS).optional(),
});

export type PayOrderInput = z.input<typeof payOrderSchema>;

/** My Orders (SPEC §2 myOrder): the Ongoing or Closed tab, a page at a time. */
export const ORDER_TABS = ["ongoing", "closed"] as const;
