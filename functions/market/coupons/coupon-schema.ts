/**
 * What the coupon screens and API accept, shared with the browser (conform). Imports zod/mini
 * only: it ships to the browser, which then never downloads classic zod (docs/decisions.md 174). Messages are keys in the `coupon` namespace.
 */
import * as z from "zod/mini";
import { recordId, wholeNumber } from "../input/fields-mini";

export const COUPON_MESSAGES = {
  codeRequired: "coupon:errors.codeRequired",
} as const;

/** Coupon codes are letters and digits; typed in any case, with spaces forgiven. */
export const claimCouponSchema = z.object({
  code: z.pipe(
    z
      .string({ error: COUPON_MESSAGES.codeRequired })
      .check(z.trim(), z.minLength(1, { error: COUPON_MESSAGES.codeRequired }), z.maxLength(32, { error: "coupon:errors.unknown" })),
    z.transform((code) => code.replace(/\s+/g, "").toUpperCase()),
  ),
});

const id = recordId();

/** A prospective order: which listing, how many tickets. */
export const prospectiveOrderSchema = z.object({ listingId: id, quantity: wholeNumber(1, 50) });

export const quoteCouponSchema = z.extend(prospectiveOrderSchema, { couponId: id });

export type ProspectiveOrder = z.output<typeof prospectiveOrderSchema>;
export type QuoteCouponRequest = z.output<typeof quoteCouponSchema>;
