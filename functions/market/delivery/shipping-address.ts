/**
 * The shipping address an EXPRESS order carries, and the messages order forms show: the order
 * screens validate it and delivery ships to it, so it sits in delivery, below orders.
 * Imports zod only: it ships to the browser. Messages are keys in the `errors` namespace.
 */
import * as z from "zod";

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
