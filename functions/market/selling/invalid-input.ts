/** Turning a refused selling form into the one error both doors answer with: invalidParam naming its field. */
import type { z } from "zod";
import { MarketError } from "../errors";

export function sellingInvalid(error: z.core.$ZodError): MarketError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || "request";
  const messageKey = issue?.message === "required" ? "required" : "invalidParam";
  return new MarketError("invalidParam", { messageKey, params: { field, reason: issue?.message ?? "" } });
}

/** One field refused by a rule the schema cannot see (a section of another venue, a bad amount). */
export function invalidField(field: string): MarketError {
  return new MarketError("invalidParam", { params: { field, reason: "invalidParam" } });
}
