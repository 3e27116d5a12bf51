/**
 * What the chat screens share on the server: a conversation the viewer may see (anything else
 * answers the not-found page) and the viewer's chat credential for the live socket.
 */
import type { MarketContext } from "@market/context";
import { issueChatCredential } from "@market/config/chat-credential";
import { orderChatWindow, SUPPORT_REPLY_PROMISE_MS, type QueueItem } from "@market/messaging";
import { shortDateTime } from "~/i18n/session-time";
import type { OrderChatLineView } from "~/components/chat-bits";

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

/**
 * The order's chat as the ticket screens state it (pickup, e-ticket): the link while it is open
 * or readable, else when it opens; moments in the venue's time. Null for an unpaid order, and
 * for one its buyer resold here: they no longer hold the tickets, so nothing is theirs to
 * arrange with the provider.
 */
export function orderChatLine(
  market: MarketContext,
  order: { id: number; status: string; state?: string; event: { startsAt: number; timeZone: string } },
): OrderChatLineView | null {
  if (order.status !== "paid" || order.state === "resold") return null;
  const window = orderChatWindow(order.event.startsAt, market.now());
  const at = (ms: number) => shortDateTime(ms, order.event.timeZone, market.viewer.language);
  return { state: window.state, href: `/chat?order=${order.id}`, at: at(window.state === "before" ? window.opensAt : window.closesAt) };
}
