/**
 * What the delivery steps may carry, shared by the JSON API, the console and buyer screens'
 * actions and the browser (conform). Imports zod/mini only: it ships to the browser, which then
 * never downloads classic zod (docs/decisions.md 174). Messages are keys in the `errors` namespace.
 *
 * Times a provider or support types in (pickup time, a new deadline) are either epoch
 * milliseconds or a `YYYY-MM-DDTHH:mm` wall time (an <input type="datetime-local">), which the
 * domain reads in the venue's time zone.
 */
import * as z from "zod/mini";
import { DELIVERY_STATES } from "../../db/schema/delivery-states";

export const DELIVERY_MESSAGES = {
  fieldRequired: "order.fieldRequired",
  phoneInvalid: "phone.invalid",
  emailInvalid: "email.invalid",
  /** SPEC §5: the scratch voucher needs a 4-digit code. */
  voucherCodeFormat: "delivery.voucherCodeFormat",
  timeInvalid: "delivery.timeInvalid",
  reasonRequired: "delivery.reasonRequired",
} as const;

/** SPEC §5/§9: the scratch voucher's code has 4 digits. */
export const VOUCHER_CODE_LENGTH = 4;

const text = (max: number) =>
  z
    .string({ error: DELIVERY_MESSAGES.fieldRequired })
    .check(z.trim(), z.minLength(1, { error: DELIVERY_MESSAGES.fieldRequired }), z.maxLength(max, { error: DELIVERY_MESSAGES.fieldRequired }));

/** Epoch ms, or a datetime-local wall time read in the venue's time zone. */
export const wallOrInstantSchema = z.union(
  [
    z.number().check(z.int(), z.positive()),
    z
      .string({ error: DELIVERY_MESSAGES.timeInvalid })
      .check(z.trim(), z.regex(/^(\d{13}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)$/, { error: DELIVERY_MESSAGES.timeInvalid })),
  ],
  { error: DELIVERY_MESSAGES.timeInvalid },
);
export type WallOrInstant = z.output<typeof wallOrInstantSchema>;

export const voucherCodeSchema = z.object({
  code: z.string({ error: DELIVERY_MESSAGES.voucherCodeFormat }).check(z.trim(), z.regex(/^\d{4}$/, { error: DELIVERY_MESSAGES.voucherCodeFormat })),
});

export const pickupDetailsSchema = z.object({
  at: wallOrInstantSchema,
  location: text(300),
  remark: z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(500, { error: DELIVERY_MESSAGES.fieldRequired })))),
    z.transform((value) => (value ? value : null)),
  ),
  providerPhone: z.string({ error: DELIVERY_MESSAGES.phoneInvalid }).check(z.trim(), z.regex(/^\+?[\d\s-]{4,20}$/, { error: DELIVERY_MESSAGES.phoneInvalid })),
});
export type PickupDetailsInput = z.input<typeof pickupDetailsSchema>;

/** The pickup code the buyer shows at the counter (markCollected). */
export const pickupCodeSchema = z.object({ code: text(12) });

export const shipmentSchema = z.object({ carrier: text(60), trackingNo: text(60) });

export const transferSchema = z.object({
  /** The buyer's account email (or id) at the primary ticketing platform. */
  to: text(254),
  ref: text(120),
});

export const redemptionCodeSchema = z.object({ code: text(120) });

const reason = z
  .string({ error: DELIVERY_MESSAGES.reasonRequired })
  .check(z.trim(), z.minLength(1, { error: DELIVERY_MESSAGES.reasonRequired }), z.maxLength(1000, { error: DELIVERY_MESSAGES.reasonRequired }));

export const interventionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("extend_deadline"), reason, dueAt: wallOrInstantSchema }),
  z.object({ action: z.literal("complete_on_behalf"), reason }),
  z.object({ action: z.literal("void_and_refund"), reason }),
]);
export type InterventionInput = z.input<typeof interventionSchema>;

/** The provider's order list filter. */
export const providerOrdersQuerySchema = z.object({
  state: z.pipe(
    z.transform((value: unknown) => (value === "" || value === null ? undefined : value)),
    z.optional(z.enum(DELIVERY_STATES)),
  ),
});

/** Support's order search: an order no. (or its start) or an email. */
export const supportSearchSchema = z.object({ query: z._default(z.string().check(z.trim(), z.maxLength(254)), "") });
