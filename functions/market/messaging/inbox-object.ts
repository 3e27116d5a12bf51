/**
 * One account's inbox: a Durable Object per account whose sockets are that account's open app
 * screens (the tab bar, the Messages list). It keeps nothing; it only tells them "your
 * conversations changed" when a conversation's new entries have reached the D1 index, so the
 * list, its unread marks and the tab's badge are read again at once instead of on the next visit.
 * The conversation objects tell it (conversation-object.ts, after each index batch); the API door
 * admits the socket with the chat credential (functions/api/routes/chat-socket.ts).
 *
 * Hibernation API: the object sleeps while its sockets stay open.
 */
import { DurableObject } from "cloudflare:workers";
import type { PingFrame, PongFrame } from "./frames";
import type { InboxFrame } from "./inbox-frame";

declare global {
  namespace Cloudflare {
    interface Env {
      /** One Durable Object per account: its inbox (worker.ts exports it as Inbox). */
      INBOXES: DurableObjectNamespace<InboxObject>;
    }
  }
}


/** The inbox of account `userId`. */
export function inboxOf(env: Pick<Env, "INBOXES">, userId: number): DurableObjectStub<InboxObject> {
  return env.INBOXES.get(env.INBOXES.idFromName(String(userId)));
}

export class InboxObject extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(JSON.stringify({ type: "ping" } satisfies PingFrame), JSON.stringify({ type: "pong" } satisfies PongFrame)),
    );
  }

  /** The socket upgrade; the door has proven the account. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every open screen of the account that its conversations changed. Returns how many were told. */
  async changed(): Promise<number> {
    const payload = JSON.stringify({ type: "changed" } satisfies InboxFrame);
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      try {
        socket.send(payload);
      } catch {
        // A screen closing as we speak reads the list again when it is next shown.
      }
    }
    return sockets.length;
  }

  /** Closes the account's screens' sockets (sign-out, a blocked account). */
  async disconnect(): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) socket.close(4401, "signed out");
    return sockets.length;
  }

  async webSocketMessage(): Promise<void> {
    // Nothing to answer: pings are answered without waking the object.
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // already closed
    }
  }
}
