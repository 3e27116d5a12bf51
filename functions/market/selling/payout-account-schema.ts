/**
 * The seller's payout account on its own: asked for before the first payout, not with the
 * seller profile (decision 251). The fields are money's receiving account, the ones after-sales
 * asks a buyer for a refund (money/receiving-account-fields.ts). Imports nothing but zod/mini:
 * the browser validates with it too (decision 174).
 */
import * as z from "zod/mini";
import { CNY_ACCOUNT_FIELDS, HKD_ACCOUNT_FIELDS, RECIPIENT_NAME_FIELD } from "../money/receiving-account-fields";

export const payoutAccountSchema = z.discriminatedUnion(
  "accountCurrency",
  [z.object({ ...RECIPIENT_NAME_FIELD, ...CNY_ACCOUNT_FIELDS }), z.object({ ...RECIPIENT_NAME_FIELD, ...HKD_ACCOUNT_FIELDS })],
  { error: "required" },
);

export type PayoutAccountInput = z.input<typeof payoutAccountSchema>;
export type PayoutAccountRequest = z.output<typeof payoutAccountSchema>;
