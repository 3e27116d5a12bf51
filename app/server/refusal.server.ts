/**
 * A domain refusal (MarketError) as the web door answers it: once here for every screen, as
 * functions/api/app.ts does once for the JSON API. A missing record (or another account's: the
 * domain never tells the two apart) is the 404 screen; any other refusal is the sentence the
 * viewer reads, in their language.
 */
import type { AppLoadContext } from "react-router";
import { MarketError } from "@market/errors";
import { messageOf } from "../../functions/market/messages";

/** The refusal's message; anything that is not a refusal is rethrown for the error view. */
export async function refusalText(error: unknown, context: AppLoadContext): Promise<string> {
  if (!(error instanceof MarketError)) throw error;
  return messageOf(error, context.market.viewer.language);
}

/** True when the domain answered that the record is not there. */
export function isMissing(error: unknown): error is MarketError {
  return error instanceof MarketError && error.status === 404;
}

/** The web's 404: the route's error view draws the one not-found screen. */
export function notFoundResponse(): Response {
  return new Response("Not found", { status: 404 });
}

/** For `.catch(notFoundPage)` and catch blocks: a missing record becomes the 404 screen; anything else is rethrown as it was. */
export function notFoundPage(error: unknown): never {
  if (isMissing(error)) throw notFoundResponse();
  throw error;
}
