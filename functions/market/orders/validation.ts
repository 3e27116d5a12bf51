/** Turning a refused order form into the one error both doors answer with. */
import type { z } from "zod";
import { MarketError } from "../errors";
import { ORDER_MESSAGES } from "./order-schemas";

const KNOWN_MESSAGES: ReadonlySet<string> = new Set(Object.values(ORDER_MESSAGES));

/**
 * The first issue as invalidParam naming its field. The form's own SPEC §5 messages ('Enter
 * your email', 'Select shipping address'…) become the message, so clients toast those.
 */
export function invalidInput(error: z.core.$ZodError): MarketError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || "request";
  const messageKey = issue && KNOWN_MESSAGES.has(issue.message) ? issue.message : "invalidParam";
  return new MarketError("invalidParam", { messageKey, params: { field, reason: issue?.message ?? "" } });
}
