/**
 * Factories for chat tests: an order whose chat is open (or not) by the clock, its conversation
 * opened, each party's market context, and live sockets that collect what the conversation's
 * object sends them.
 */
import { SELF, env } from "cloudflare:test";
import { issueChatCredential } from "../../../functions/market/config/chat-credential";
import { createMarketContext } from "../../../functions/wiring";
import { DEFAULT_VIEWER } from "../../../functions/market/context/viewer";
import { openOrderConversation, sendMessage, type ServerFrame } from "../../../functions/market/messaging";
import type { MarketContext } from "../../../functions/market/context";
import { DAY, HOUR, paidDelivery, type PaidDeliveryOptions } from "./delivery";
import { page } from "./api";
import { openSession } from "../../../functions/market/accounts/sessions";
import { SESSION_COOKIE } from "../../../functions/web/session";

export { DAY, HOUR };

/** A development host: chat signs with the local key there, as under `npm start`. */
export const DEV_ORIGIN = "https://dev.ovation.test";

/** A paid order between a buyer and a provider, its conversation opened by the buyer. */
export async function orderChat(options: PaidDeliveryOptions = {}) {
  const deal = await paidDelivery(options);
  const access = await openOrderConversation(deal.buyer, deal.orderId);
  const conversationId = access.conversation.id;
  return { ...deal, conversationId, store: deal.buyer.conversations(conversationId) };
}

/** An order paid now (the API's and the socket's clock) whose event starts in 12 hours: its chat is open. */
export function openOrderChat() {
  return orderChat({ at: Date.now(), startsInMs: 12 * HOUR });
}

let sent = 0;
/** A fresh client message id. */
export function clientId(): string {
  sent += 1;
  return `m${sent}x${crypto.randomUUID().slice(0, 8)}`;
}

/** Sends text as the party whose context is given. */
export function say(market: MarketContext, conversationId: number, text: string, id = clientId()) {
  return sendMessage(market, { conversationId, clientMessageId: id, text, replyTo: null });
}

/** The account's chat credential, issued now to an account signed in (a socket needs a live session). */
export async function userSigOf(userId: number): Promise<string> {
  await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  const sig = await issueChatCredential(createMarketContext({ env, viewer: { ...DEFAULT_VIEWER, environment: "dev" } }), userId);
  if (!sig) throw new Error("no chat credential");
  return sig;
}

/** Asks for the conversation's socket as `userId`; the raw answer, for refusals. */
export async function requestSocket(conversationId: number, userSig: string, since = 0): Promise<Response> {
  const query = new URLSearchParams({ conversationId: String(conversationId), since: String(since), userSig });
  return SELF.fetch(`${DEV_ORIGIN}/user/im/v1/socket?${query}`, { headers: { upgrade: "websocket" } });
}

/** A connected socket that keeps every frame it receives. */
export class LiveSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.accept();
    socket.addEventListener("message", (event) => {
      this.frames.push(JSON.parse(String(event.data)) as ServerFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(conversationId: number, userId: number, since = 0): Promise<LiveSocket> {
    const response = await requestSocket(conversationId, await userSigOf(userId), since);
    if (response.status !== 101 || !response.webSocket) throw new Error(`socket refused: ${response.status}`);
    return new LiveSocket(response.webSocket);
  }

  send(frame: unknown) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The texts of the message frames received so far, in order. */
  texts(): string[] {
    return this.frames.flatMap((frame) => (frame.type === "message" && frame.message.kind === "text" ? [frame.message.text] : []));
  }

  /** Waits until `count` frames match (2 s at most). */
  async waitFor(match: (frame: ServerFrame) => boolean, count = 1): Promise<ServerFrame[]> {
    const deadline = Date.now() + 2000;
    for (;;) {
      const found = this.frames.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`waited for ${count} frames, have ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close() {
    this.socket.close(1000, "done");
  }
}

/** A web session cookie for the account, in a language. */
export async function cookieFor(userId: number, language = "en-US"): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

/** A page as the holder of `cookie` sees it, or a form post without JavaScript. */
export function visit(path: string, cookie = "", form?: Record<string, string>) {
  const headers = new Headers({ cookie });
  if (!form) return page(path, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return page(path, { method: "POST", headers, body: new URLSearchParams(form).toString() });
}
