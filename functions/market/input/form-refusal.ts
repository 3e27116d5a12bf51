/** Turning a refused form into the one error both doors answer with. */
import type { z } from "zod";
import { MarketError } from "../errors";

/**
 * The refusal for a form whose own messages are `messages`: the first issue as invalidParam naming
 * its field, with the form's message as the answer's message when the issue carries one of them
 * (clients toast those), else the generic one.
 */
export function formRefusal(messages: Readonly<Record<string, string>>): (error: z.core.$ZodError) => MarketError {
  const known: ReadonlySet<string> = new Set(Object.values(messages));
  return (error) => {
    const issue = error.issues[0];
    const field = issue?.path.map(String).join(".") || "request";
    const messageKey = issue && known.has(issue.message) ? issue.message : "invalidParam";
    return new MarketError("invalidParam", { messageKey, params: { field, reason: issue?.message ?? "" } });
  };
}
