/**
 * What the chat screens share on the server: a conversation the viewer may see (anything else
 * answers the not-found page) and the viewer's chat credential for the live socket.
 */
import type { MarketContext } from "@market/context";
import { issueChatCredential } from "@market/config/chat-credential";
import { SUPPORT_REPLY_PROMISE_MS, type QueueItem } from "@market/messaging";

/** The one mapping of a missing record to the 404 screen (refusal.server.ts), for the screens that import it from here. */
export { notFoundPage } from "./refusal.server";

/** The viewer's chat credential (imInfo.userSig), or null while chat is off. */
export function chatCredentialOf(market: MarketContext): Promise<string | null> {
  return market.viewer.userId === null ? Promise.resolve(null) : issueChatCredential(market, market.viewer.userId);
}

/** A fresh client message id for a form rendered now: posting it twice stores one message. */
export function newClientMessageId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

const HOUR = 3_600_000;

/** A queue row as the console shows it: whole hours waited, and left before (or past) SPEC §9's 48-hour promise. */
export function queueView(item: QueueItem) {
  const leftMs = SUPPORT_REPLY_PROMISE_MS - item.waitingMs;
  return {
    ...item,
    waitedHours: Math.floor(item.waitingMs / HOUR),
    leftHours: Math.max(0, Math.ceil(leftMs / HOUR)),
    overdueHours: Math.max(1, Math.floor(-leftMs / HOUR)),
  };
}
