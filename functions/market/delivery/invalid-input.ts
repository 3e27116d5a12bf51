/** Turning a refused delivery form into the one error both doors answer with. */
import type { z } from "zod";
import { MarketError } from "../errors";
import { DELIVERY_MESSAGES } from "./delivery-schemas";

const KNOWN_MESSAGES: ReadonlySet<string> = new Set(Object.values(DELIVERY_MESSAGES));

/** The first issue as invalidParam naming its field, with the form's own message when it has one. */
export function invalidInput(error: z.core.$ZodError): MarketError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || "request";
  const messageKey = issue && KNOWN_MESSAGES.has(issue.message) ? issue.message : "invalidParam";
  return new MarketError("invalidParam", { messageKey, params: { field, reason: issue?.message ?? "" } });
}

/** A time typed in that has already passed (a pickup time, a new deadline). */
export function pastTime(field: string): MarketError {
  return new MarketError("invalidParam", { messageKey: DELIVERY_MESSAGES.timeInvalid, params: { field, reason: DELIVERY_MESSAGES.timeInvalid } });
}
