/**
 * What placing and acting on an order may carry, shared by the JSON API, the order screens'
 * actions and the browser (conform), so the browser validates what the server validates.
 * Imports zod only: it ships to the browser. Messages are keys in the `errors` namespace.
 */
import { z } from "zod";
import { recordId, wholeNumber } from "../input/fields";

export const ORDER_MESSAGES = {
  /** SPEC §5: 'Enter your email' on order confirm. */
  emailRequired: "order.emailRequired",
  emailInvalid: "email.invalid",
  /** SPEC §5: a mobile number is required on an order. */
  phoneRequired: "order.phoneRequired",
  phoneInvalid: "phone.invalid",
  /** SPEC §5: shipping address is required for express. */
  addressRequired: "order.addressRequired",
  fieldRequired: "order.fieldRequired",
  provinceRequired: "order.provinceRequired",
  /** SPEC §8, shown when a payment fails and the order is canceled. */
  paymentFailed: "order.paymentFailed",
  /** SPEC §8, when canceling an order fails unexpectedly. */
  cancelFailed: "order.cancelFailed",
} as const;

/** The most tickets one order may take; a listing's quantity and split rule bind first. */
export const ORDER_QUANTITY_LIMIT = 50;

const id = recordId();

const required = (max: number) =>
  z
    .string({ error: ORDER_MESSAGES.fieldRequired })
    .trim()
    .min(1, { error: ORDER_MESSAGES.fieldRequired })
    .max(max, { error: ORDER_MESSAGES.fieldRequired });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

/** SPEC §3's address, as it is copied onto an EXPRESS order. */
export const shippingAddressSchema = z.object({
  fullName: required(100),
  phoneCode: z.string({ error: ORDER_MESSAGES.phoneRequired }).trim().regex(/^\+?\d{1,4}$/, { error: ORDER_MESSAGES.phoneInvalid }),
  phone: z.string({ error: ORDER_MESSAGES.phoneRequired }).trim().regex(/^\d{4,15}$/, { error: ORDER_MESSAGES.phoneInvalid }),
  countryRegion: required(100),
  province: z
    .string({ error: ORDER_MESSAGES.provinceRequired })
    .trim()
    .min(1, { error: ORDER_MESSAGES.provinceRequired })
    .max(100),
  city: required(100),
  district: optionalText(100),
  address: required(300),
  addressRemark: optionalText(300),
  postalCode: optionalText(20),
});

export type ShippingAddress = z.output<typeof shippingAddressSchema>;

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
});

export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrderRequest = z.output<typeof createOrderSchema>;

/** An order named by its id: detail, cancel, buy again. */
export const orderIdSchema = z.object({ orderId: id });

/** SPEC §3 pay method choices, and the wallet apps of the embedded channels (payments/pay-methods.ts). */
export const PAY_METHODS = ["google", "apple", "alipay", "wechat"] as const;

/** Paying an order (the pay modal). */
export const payOrderSchema = z.object({
  orderId: id,
  payMethod: z.enum(PAY_METHODS).optional(),
});

export type PayOrderInput = z.input<typeof payOrderSchema>;

/** My Orders (SPEC §2 myOrder): the Ongoing or Closed tab, a page at a time. */
export const ORDER_TABS = ["ongoing", "closed"] as const;
