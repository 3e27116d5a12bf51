/**
 * What the chat screens share on the server: a conversation the viewer may see (anything else
 * answers the not-found page) and the viewer's chat credential for the live socket.
 */
import { data } from "react-router";
import type { MarketContext } from "@market/context";
import { MarketError } from "@market/errors";
import { issueChatCredential } from "@market/config/chat-credential";

/** A refusal of 'not found' becomes the not-found page, never a leak or a 500. */
export function notFoundPage(error: unknown): never {
  if (error instanceof MarketError && error.status === 404) throw data(null, { status: 404 });
  throw error;
}

/** The viewer's chat credential (imInfo.userSig), or null while chat is off. */
export function chatCredentialOf(market: MarketContext): Promise<string | null> {
  return market.viewer.userId === null ? Promise.resolve(null) : issueChatCredential(market, market.viewer.userId);
}

/** A fresh client message id for a form rendered now: posting it twice stores one message. */
export function newClientMessageId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}
