/** A domain refusal (MarketError) as the sentence the viewer reads, in their language. */
import type { AppLoadContext } from "react-router";
import { MarketError } from "@market/errors";
import { messageOf } from "../../functions/api/messages";

/** The refusal's message; anything that is not a refusal is rethrown for the error view. */
export async function refusalText(error: unknown, context: AppLoadContext): Promise<string> {
  if (!(error instanceof MarketError)) throw error;
  return messageOf(error, context.market.viewer.language);
}
