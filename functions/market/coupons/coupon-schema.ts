/**
 * What the coupon screens and API accept, shared with the browser (conform). Imports zod only:
 * it ships to the browser. Messages are keys in the `coupon` namespace.
 */
import { z } from "zod";
import { recordId, wholeNumber } from "../input/fields";

export const COUPON_MESSAGES = {
  codeRequired: "coupon:errors.codeRequired",
} as const;

/** Coupon codes are letters and digits; typed in any case, with spaces forgiven. */
export const claimCouponSchema = z.object({
  code: z
    .string({ error: COUPON_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: COUPON_MESSAGES.codeRequired })
    .max(32, { error: "coupon:errors.unknown" })
    .transform((code) => code.replace(/\s+/g, "").toUpperCase()),
});

const id = recordId();

/** A prospective order: which listing, how many tickets. */
export const prospectiveOrderSchema = z.object({ listingId: id, quantity: wholeNumber(1, 50) });

export const quoteCouponSchema = prospectiveOrderSchema.extend({ couponId: id });

export type ProspectiveOrder = z.output<typeof prospectiveOrderSchema>;
export type QuoteCouponRequest = z.output<typeof quoteCouponSchema>;
