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
 * with this object as the conversation's store (the context's `conversations` port). Who may
 * write, as what, is proven when a socket connects: its role stays in the socket's attachment and
 * the conversation's facts (its kind, the session's start the window is measured from, whether
 * support has joined) in this object's own storage, changed by the events that change them; so a
 * message sent on an open socket is decided, stored and delivered without a D1 statement. The
 * sender's minute and the client ids are counted here too: one event at a time keeps both exact.
 *
 * The D1 index (the list's last message, unread counts, support's queue) follows delivery: each
 * new entry waits in an outbox, written with it, until the next batch (an alarm INDEX_AFTER_MS
 * later, or at once when the API door asks, to read its own write) brings it over
 * (message-index.ts, idempotent by sequence); a failed batch stays in the outbox and is tried
 * again, so the index catches up by itself and never counts an entry twice.
 *
 * The Worker exports it with the adapters wired in (functions/wiring.ts), since the domain
 * builds no context of its own.
 */
import { DurableObject } from "cloudflare:workers";
import type { AppendInput, ChatMessage, ConversationFacts, ConversationRole, ConversationStore, HistoryQuery, MarketContext } from "../context";
import { DEFAULT_VIEWER, type Language, type Viewer } from "../context/viewer";
import { MarketError } from "../errors";
import { messageOf } from "../messages";
import { logError } from "../../observability";
import { clientFrameSchema, type PingFrame, type PongFrame, type ServerFrame } from "./frames";
import { inboxOf } from "./inbox-object";
import { indexEntries, type IndexEntry } from "./message-index";
import { pushNewMessages } from "./message-push";
import { markRead, recallMessage, sendMessage, type SendAccess } from "./messages";
import { INDEX_AFTER_MS, INDEX_RETRY_MAX_MS, INDEX_RETRY_MS, orderChatWindow, SEND_LIMIT, SEND_LIMIT_WINDOW_MS, TYPING_EVERY_MS } from "./rules";
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
  /** Proven at admission; absent on a socket admitted before roles were kept, whose sends read D1. */
  role?: ConversationRole;
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
  /** The index batch running now, if any (flush). */
  private indexing: Promise<void> = Promise.resolve();
  /** An alarm is set for the next index batch. */
  private indexScheduled = false;
  private retryMs = INDEX_RETRY_MS;

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
    // What the sockets' sends are decided by (ConversationFacts), one row.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS facts (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      conversation_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      starts_at INTEGER,
      support_joined_at INTEGER
    )`);
    // Each sender's counted sends, for the minute's limit and its retries.
    this.sql.exec("CREATE TABLE IF NOT EXISTS sends (sender_id INTEGER NOT NULL, client_id TEXT NOT NULL, sent_at INTEGER NOT NULL, PRIMARY KEY (sender_id, client_id))");
    this.sql.exec("CREATE INDEX IF NOT EXISTS sends_sent_at ON sends (sent_at)");
    // Entries delivered and not yet in the D1 index.
    this.sql.exec("CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY, conversation_id INTEGER NOT NULL, sender_role TEXT)");
    // Accounts whose sockets were closed (signed out, blocked): a frame still on its way is refused.
    this.sql.exec("CREATE TABLE IF NOT EXISTS shut (user_id INTEGER PRIMARY KEY)");
    // Answered without waking the object: clients ping to keep proxies from closing idle sockets.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(JSON.stringify({ type: "ping" } satisfies PingFrame), JSON.stringify({ type: "pong" } satisfies PongFrame)),
    );
  }

  /** The socket upgrade (socket.ts openConversationSocket); the door has proven the account and the conversation admitted it. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const { userId, conversationId, role, kind, startsAt, supportJoinedAt, language, since, notBefore } = admissionOf(request);
    const attachment: SocketAttachment = { userId, conversationId, role, language };
    // The door has just proven this account (signed in, not blocked, allowed here): as of now its
    // word is the newest on the conversation too.
    this.sql.exec(
      `INSERT INTO facts (id, conversation_id, kind, starts_at, support_joined_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET conversation_id = excluded.conversation_id, kind = excluded.kind, starts_at = excluded.starts_at,
         support_joined_at = COALESCE(facts.support_joined_at, excluded.support_joined_at)`,
      conversationId,
      kind,
      startsAt,
      supportJoinedAt,
    );
    this.sql.exec("DELETE FROM shut WHERE user_id = ?", userId);
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
    if (this.sql.exec("SELECT 1 FROM shut WHERE user_id = ?", who.userId).toArray().length > 0) {
      socket.close(4401, "signed out");
      return;
    }
    const wired = this.marketContext({ ...DEFAULT_VIEWER, userId: who.userId, language: who.language, requestId: `socket:${who.conversationId}` });
    // This object is its conversation's store: a frame runs against it directly, never through its own stub.
    const market: MarketContext = { ...wired, conversations: (id) => (id === who.conversationId ? this : wired.conversations(id)) };
    try {
      switch (frame.type) {
        case "send": {
          const retried = this.stored(who.userId, frame.clientId) !== null;
          const message = await sendMessage(
            market,
            { conversationId: who.conversationId, clientMessageId: frame.clientId, text: frame.text, replyTo: frame.replyTo ?? null },
            this.provenAccess(who, market.now()),
          );
          // A retry gets the stored message back on its own socket; the others have it already.
          if (retried) this.sendTo(socket, { type: "message", message });
          return;
        }
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
    const existing = this.stored(input.senderId, input.clientId);
    if (existing) return { message: existing, duplicate: true, online: [] };
    const message = this.insertEntry(input);
    // Written with the entry, so it is never delivered without reaching the index in the end.
    this.sql.exec("INSERT INTO outbox (seq, conversation_id, sender_role) VALUES (?, ?, ?)", message.seq, input.conversationId, input.senderRole);
    this.broadcast({ type: "message", message });
    this.scheduleIndex();
    return { message, duplicate: false, online: this.onlineUsers() };
  }

  async takeSendSlot(input: { senderId: number; clientId: string; at: number }): Promise<boolean> {
    // Kept an hour, so a late retry is still known; only the last minute counts.
    this.sql.exec("DELETE FROM sends WHERE sent_at <= ?", input.at - 60 * SEND_LIMIT_WINDOW_MS);
    if (this.sql.exec("SELECT 1 FROM sends WHERE sender_id = ? AND client_id = ?", input.senderId, input.clientId).toArray().length > 0) return true;
    const recent = Number(
      this.sql.exec("SELECT COUNT(*) AS n FROM sends WHERE sender_id = ? AND sent_at > ?", input.senderId, input.at - SEND_LIMIT_WINDOW_MS).one().n,
    );
    if (recent >= SEND_LIMIT) return false;
    this.sql.exec("INSERT INTO sends (sender_id, client_id, sent_at) VALUES (?, ?, ?)", input.senderId, input.clientId, input.at);
    return true;
  }

  async flush(): Promise<void> {
    // One batch at a time: a flush asked for while one runs waits for it, then takes what is left.
    const run = this.indexing.then(() => this.indexPending());
    this.indexing = run;
    await run;
  }

  async alarm(): Promise<void> {
    this.indexScheduled = false;
    await this.flush();
  }

  async changed(facts: Partial<Pick<ConversationFacts, "supportJoinedAt">>): Promise<void> {
    if (facts.supportJoinedAt !== undefined) this.sql.exec("UPDATE facts SET support_joined_at = ?", facts.supportJoinedAt);
    this.broadcast({ type: "members", supportJoinedAt: facts.supportJoinedAt ?? this.factsNow()?.supportJoinedAt ?? null });
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
    const existing = this.stored(input.senderId, input.clientId);
    if (existing) return existing;
    // A recall is not indexed: the list's preview of the message recalled is cleared by the domain.
    const message = this.insertEntry({
      conversationId: input.conversationId,
      clientId: input.clientId,
      senderId: input.senderId,
      senderRole: null,
      kind: "recall",
      text: "",
      masked: false,
      replyTo: null,
      ref: input.seq,
      sentAt: input.at,
    });
    this.broadcast({ type: "message", message });
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
    this.sql.exec("INSERT INTO shut (user_id) VALUES (?) ON CONFLICT DO NOTHING", userId);
    const sockets = this.ctx.getWebSockets(`user:${userId}`);
    for (const socket of sockets) socket.close(4401, "signed out");
    return sockets.length;
  }

  /** The entry a sender already stored under a client id (a retry), if any. */
  private stored(senderId: number, clientId: string): ChatMessage | null {
    const row = this.sql.exec("SELECT * FROM messages WHERE sender_id = ? AND client_id = ?", senderId, clientId).toArray()[0];
    return row ? toMessage(row) : null;
  }

  private insertEntry(input: AppendInput): ChatMessage {
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
    return toMessage(row);
  }

  /** The socket's access as proven at admission, with the window at `now`; undefined when not kept (the domain then reads D1). */
  private provenAccess(who: SocketAttachment, now: number): SendAccess | undefined {
    const facts = this.factsNow();
    if (!facts || !who.role || facts.conversationId !== who.conversationId) return undefined;
    return {
      conversation: { kind: facts.kind, supportJoinedAt: facts.supportJoinedAt },
      role: who.role,
      window: facts.startsAt === null ? null : orderChatWindow(facts.startsAt, now),
    };
  }

  private factsNow(): ConversationFacts | null {
    const row = this.sql.exec("SELECT * FROM facts WHERE id = 1").toArray()[0];
    if (!row) return null;
    return {
      conversationId: Number(row.conversation_id),
      kind: row.kind === "order" ? "order" : "support",
      startsAt: row.starts_at === null ? null : Number(row.starts_at),
      supportJoinedAt: row.support_joined_at === null ? null : Number(row.support_joined_at),
    };
  }

  /** The next batch for the index, unless one is already due. */
  private scheduleIndex() {
    if (this.indexScheduled) return;
    this.indexScheduled = true;
    this.ctx.storage.setAlarm(Date.now() + INDEX_AFTER_MS).catch((error: unknown) => {
      this.indexScheduled = false;
      logError(error, { requestId: "conversation index", where: "conversation index alarm" });
    });
  }

  /** Tells the members' open screens their lists changed; a screen not told reads its list when next shown. */
  private async tellInboxes(members: number[]) {
    await Promise.all(
      members.map((userId) =>
        inboxOf(this.env, userId)
          .changed()
          .catch((error: unknown) => logError(error, { requestId: "conversation index", where: "inbox" })),
      ),
    );
  }

  /** Brings the outbox over to the D1 index, in batches of up to 100; on failure leaves it and tries again later. */
  private async indexPending(): Promise<void> {
    try {
      for (;;) {
        const rows = this.sql
          .exec("SELECT o.seq AS queued, o.conversation_id AS conversation, o.sender_role AS role, m.* FROM outbox o LEFT JOIN messages m ON m.seq = o.seq ORDER BY o.seq LIMIT 100")
          .toArray();
        if (rows.length === 0) break;
        // An entry cut (30 days) before it was indexed has nothing left to index.
        const entries: IndexEntry[] = rows
          .filter((row) => row.seq !== null)
          .map((row) => ({ message: toMessage(row), senderRole: row.role === null ? null : (String(row.role) as ConversationRole) }));
        const conversationId = Number(rows[0].conversation);
        const wired = this.marketContext({ ...DEFAULT_VIEWER, requestId: `index:${conversationId}` });
        const members = await indexEntries(wired, conversationId, entries);
        this.sql.exec("DELETE FROM outbox WHERE seq <= ?", Number(rows[rows.length - 1].queued));
        await Promise.all([this.tellInboxes(members), pushNewMessages(wired, conversationId, entries, this.onlineUsers())]);
      }
      this.retryMs = INDEX_RETRY_MS;
    } catch (error) {
      logError(error, { requestId: "conversation index", where: "conversation index" });
      await this.ctx.storage.setAlarm(Date.now() + this.retryMs);
      this.indexScheduled = true;
      this.retryMs = Math.min(this.retryMs * 2, INDEX_RETRY_MAX_MS);
    }
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
