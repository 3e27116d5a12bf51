/**
 * One conversation's Durable Object: its message log in the object's own SQLite, and the live
 * sockets of its members through the WebSocket Hibernation API (the object may sleep while
 * sockets stay open; who a socket belongs to survives in its attachment).
 *
 * Every entry gets the next sequence number. A client connects with the last sequence it has
 * and first receives every later entry, then live ones: since the object runs one event at a
 * time, nothing can fall between the backlog and the live stream, so nothing is lost or doubled.
 * A message's client id is unique per sender, so a retried send returns the stored message.
 *
 * The rules (who may send, masking, the window, the rate) are the domain's (messages.ts); a
 * message sent over the socket goes through the same domain function as one sent over the API,
 * with this object as the conversation's store (the context's `conversations` port).
 *
 * The Worker exports it with the adapters wired in (functions/wiring.ts), since the domain
 * builds no context of its own.
 */
import { DurableObject } from "cloudflare:workers";
import type { AppendInput, ChatMessage, ConversationStore, HistoryQuery, MarketContext } from "../context";
import { DEFAULT_VIEWER, type Language, type Viewer } from "../context/viewer";
import { MarketError } from "../errors";
import { messageOf } from "../messages";
import { logError } from "../../observability";
import { clientFrameSchema, type PingFrame, type PongFrame, type ServerFrame } from "./frames";
import { markRead, recallMessage, sendMessage } from "./messages";
import { TYPING_EVERY_MS } from "./rules";
import { admissionOf } from "./socket";

declare global {
  namespace Cloudflare {
    interface Env {
      /** One Durable Object per conversation: this one (worker.ts exports it as Conversation). */
      CONVERSATIONS: DurableObjectNamespace;
    }
  }
}

/** Who a socket belongs to; kept with the socket across hibernation. */
interface SocketAttachment {
  userId: number;
  conversationId: number;
  language: Language;
  /** When this socket's last typing frame was relayed (ms), for TYPING_EVERY_MS. */
  typingAt?: number;
}

type Row = Record<string, SqlStorageValue>;

/** How many entries a resuming socket is sent at most; older ones are paged through the API. */
const RESUME_LIMIT = 500;

function toMessage(row: Row): ChatMessage {
  return {
    seq: Number(row.seq),
    clientId: String(row.client_id),
    senderId: Number(row.sender_id),
    kind: row.kind as ChatMessage["kind"],
    text: String(row.text),
    masked: Number(row.masked) === 1,
    replyTo: row.reply_to === null ? null : Number(row.reply_to),
    ref: row.ref === null ? null : Number(row.ref),
    sentAt: Number(row.sent_at),
    recalledAt: row.recalled_at === null ? null : Number(row.recalled_at),
  };
}

export abstract class ConversationObject extends DurableObject<Env> implements ConversationStore {
  private readonly sql: SqlStorage;

  /** The market context a socket's frame runs in, with the Worker's adapters. */
  protected abstract marketContext(viewer: Viewer): MarketContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      seq INTEGER PRIMARY KEY,
      client_id TEXT NOT NULL,
      sender_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      text TEXT NOT NULL,
      masked INTEGER NOT NULL DEFAULT 0,
      reply_to INTEGER,
      ref INTEGER,
      sent_at INTEGER NOT NULL,
      recalled_at INTEGER,
      UNIQUE (sender_id, client_id)
    )`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS messages_sent_at ON messages (sent_at)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS reads (user_id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)");
    // Answered without waking the object: clients ping to keep proxies from closing idle sockets.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(JSON.stringify({ type: "ping" } satisfies PingFrame), JSON.stringify({ type: "pong" } satisfies PongFrame)),
    );
  }

  /** The socket upgrade (socket.ts openConversationSocket); the door has proven the account and the conversation admitted it. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const { userId, conversationId, language, since, notBefore } = admissionOf(request);
    const attachment: SocketAttachment = { userId, conversationId, language };
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [`user:${attachment.userId}`]);
    server.serializeAttachment(attachment);
    const lastSeq = Number(this.sql.exec("SELECT COALESCE(MAX(seq), 0) AS last FROM messages").one().last);
    this.sendTo(server, { type: "hello", lastSeq, reads: this.readsNow() });
    for (const message of this.historyNow({ since, notBefore, limit: RESUME_LIMIT })) this.sendTo(server, { type: "message", message });
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const who = socket.deserializeAttachment() as SocketAttachment;
    let frame;
    try {
      frame = clientFrameSchema.parse(JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw)));
    } catch {
      this.sendTo(socket, { type: "error", code: 12308, message: "invalidParam" });
      return;
    }
    const wired = this.marketContext({ ...DEFAULT_VIEWER, userId: who.userId, language: who.language, requestId: `socket:${who.conversationId}` });
    // This object is its conversation's store: a frame runs against it directly, never through its own stub.
    const market: MarketContext = { ...wired, conversations: (id) => (id === who.conversationId ? this : wired.conversations(id)) };
    try {
      switch (frame.type) {
        case "send":
          await sendMessage(market, { conversationId: who.conversationId, clientMessageId: frame.clientId, text: frame.text, replyTo: frame.replyTo ?? null });
          return;
        case "read":
          await markRead(market, { conversationId: who.conversationId, seq: frame.seq });
          return;
        case "recall":
          await recallMessage(market, { conversationId: who.conversationId, seq: frame.seq });
          return;
        case "typing": {
          // A client may send typing on every key; the others need it once in a while. Extra ones are dropped without a word.
          const now = Date.now();
          if (who.typingAt !== undefined && now - who.typingAt < TYPING_EVERY_MS) return;
          socket.serializeAttachment({ ...who, typingAt: now } satisfies SocketAttachment);
          this.broadcast({ type: "typing", userId: who.userId }, who.userId);
          return;
        }
      }
    } catch (error) {
      const clientId = frame.type === "send" ? frame.clientId : undefined;
      if (error instanceof MarketError) {
        this.sendTo(socket, { type: "error", clientId, code: error.code, message: await messageOf(error, who.language) });
        // A refused socket (the account is no longer a member of the conversation) is closed, not
        // left listening; a frame naming a message that is not there (a reply, a recall) is only answered.
        if (error.code === 404 && error.params.what === "conversation") socket.close(4404, "not found");
        return;
      }
      logError(error, { requestId: market.viewer.requestId, where: "conversation socket" });
      this.sendTo(socket, { type: "error", clientId, code: 12365, message: "systemError" });
    }
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // The client went away; closing our side completes the handshake (1005/1006 are not sendable).
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // already closed
    }
  }

  async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, "error");
    } catch {
      // already closed
    }
  }

  async append(input: AppendInput): Promise<{ message: ChatMessage; duplicate: boolean; online: number[] }> {
    const existing = this.sql
      .exec("SELECT * FROM messages WHERE sender_id = ? AND client_id = ?", input.senderId, input.clientId)
      .toArray()[0];
    if (existing) return { message: toMessage(existing), duplicate: true, online: [] };
    const row = this.sql
      .exec(
        `INSERT INTO messages (client_id, sender_id, kind, text, masked, reply_to, ref, sent_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        input.clientId,
        input.senderId,
        input.kind,
        input.text,
        input.masked ? 1 : 0,
        input.replyTo,
        input.ref,
        input.sentAt,
      )
      .one();
    const message = toMessage(row);
    this.broadcast({ type: "message", message });
    return { message, duplicate: false, online: this.onlineUsers() };
  }

  async history(query: HistoryQuery): Promise<ChatMessage[]> {
    return this.historyNow(query);
  }

  async message(seq: number): Promise<ChatMessage | null> {
    const row = this.sql.exec("SELECT * FROM messages WHERE seq = ?", seq).toArray()[0];
    return row ? toMessage(row) : null;
  }

  async recall(input: { conversationId: number; seq: number; at: number; clientId: string; senderId: number }): Promise<ChatMessage> {
    this.sql.exec("UPDATE messages SET text = '', recalled_at = ? WHERE seq = ? AND recalled_at IS NULL", input.at, input.seq);
    const { message } = await this.append({
      conversationId: input.conversationId,
      clientId: input.clientId,
      senderId: input.senderId,
      kind: "recall",
      text: "",
      masked: false,
      replyTo: null,
      ref: input.seq,
      sentAt: input.at,
    });
    return message;
  }

  async markRead(input: { userId: number; seq: number }): Promise<void> {
    this.sql.exec(
      "INSERT INTO reads (user_id, seq) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET seq = MAX(seq, excluded.seq)",
      input.userId,
      input.seq,
    );
    this.broadcast({ type: "read", userId: input.userId, seq: input.seq }, input.userId);
  }

  async reads(): Promise<Record<string, number>> {
    return this.readsNow();
  }

  async cut(before: number): Promise<{ deleted: number; oldest: number | null; images: ChatMessage[] }> {
    const images = this.sql.exec("SELECT * FROM messages WHERE sent_at < ? AND kind = 'image'", before).toArray().map(toMessage);
    const deleted = this.sql.exec("DELETE FROM messages WHERE sent_at < ?", before).rowsWritten;
    const oldest = this.sql.exec("SELECT MIN(sent_at) AS oldest FROM messages").one().oldest;
    return { deleted, oldest: oldest === null ? null : Number(oldest), images };
  }

  async search(query: { pattern: string; notBefore: number; limit: number }): Promise<ChatMessage[]> {
    return this.sql
      .exec(
        "SELECT * FROM messages WHERE kind = 'text' AND recalled_at IS NULL AND sent_at >= ? AND text LIKE ? ESCAPE '\\' ORDER BY seq DESC LIMIT ?",
        query.notBefore,
        query.pattern,
        query.limit,
      )
      .toArray()
      .map(toMessage);
  }

  async holdsImage(sha256: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return false;
    return this.sql.exec("SELECT 1 FROM messages WHERE kind = 'image' AND recalled_at IS NULL AND instr(text, ?) > 0 LIMIT 1", `"sha256":"${sha256}"`).toArray().length > 0;
  }

  async disconnect(userId: number): Promise<number> {
    const sockets = this.ctx.getWebSockets(`user:${userId}`);
    for (const socket of sockets) socket.close(4401, "signed out");
    return sockets.length;
  }

  private historyNow(query: HistoryQuery): ChatMessage[] {
    if (query.since !== undefined) {
      return this.sql
        .exec("SELECT * FROM messages WHERE seq > ? AND sent_at >= ? ORDER BY seq ASC LIMIT ?", query.since, query.notBefore, query.limit)
        .toArray()
        .map(toMessage);
    }
    return this.sql
      .exec(
        "SELECT * FROM messages WHERE seq < ? AND sent_at >= ? AND kind != 'recall' ORDER BY seq DESC LIMIT ?",
        query.before ?? Number.MAX_SAFE_INTEGER,
        query.notBefore,
        query.limit,
      )
      .toArray()
      .map(toMessage);
  }

  private readsNow(): Record<string, number> {
    const reads: Record<string, number> = {};
    for (const row of this.sql.exec("SELECT user_id, seq FROM reads")) reads[String(row.user_id)] = Number(row.seq);
    return reads;
  }

  private onlineUsers(): number[] {
    const users = new Set<number>();
    for (const socket of this.ctx.getWebSockets()) users.add((socket.deserializeAttachment() as SocketAttachment).userId);
    return [...users];
  }

  private broadcast(frame: ServerFrame, exceptUserId?: number) {
    const payload = JSON.stringify(frame);
    for (const socket of this.ctx.getWebSockets()) {
      if (exceptUserId !== undefined && this.ctx.getTags(socket).includes(`user:${exceptUserId}`)) continue;
      try {
        socket.send(payload);
      } catch {
        // A socket closing as we speak misses this frame and resumes from its last sequence.
      }
    }
  }

  private sendTo(socket: WebSocket, frame: ServerFrame) {
    try {
      socket.send(JSON.stringify(frame));
    } catch {
      // as above
    }
  }
}
