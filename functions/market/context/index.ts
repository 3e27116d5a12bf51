/**
 * What every domain function is given: the database, the Worker's bindings, a clock that tests
 * can move, the viewer on whose behalf it runs, and the ports (mail, files, payments,
 * conversations) through which the domain reaches the world. Both doors (the web app and the JSON API), the cron and the
 * Durable Objects build one through functions/wiring.ts, which hands in the adapters.
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { Conversations } from "./conversation-port";
import type { FileStore } from "./file-store";
import type { MailPort } from "./mail-port";
import type { PaymentPort } from "./payment-port";
import type { BotCheckPort } from "./bot-check-port";
import type { PushPort } from "./push-port";
import type { WalletPassPort } from "./wallet-pass-port";
import type { Viewer } from "./viewer";

/** Drizzle over the request's D1 session; the schema's tables are imported where used (no relational queries). */
export type Database = DrizzleD1Database;

/**
 * Where a request's reads start (docs/decisions.md 266): "primary" for anything that writes or
 * decides money or tickets, "nearest" for reads that may be a moment behind (the catalog, seat
 * maps, listings shown), or after a bookmark the viewer carries, so that a buyer's own last write
 * is seen on whichever copy answers. One D1 session serves the whole request: once it has read or
 * written at some point, no later statement of it sees anything older.
 */
export type ReadStart = "primary" | "nearest" | { after: string };

/**
 * A D1 bookmark as D1 writes one (four hex groups): what the viewer carries back is checked
 * before it reaches D1, which would refuse anything else with an error.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isReadBookmark(value: string): boolean {
  return BOOKMARK.test(value);
}

function sessionStart(reads: ReadStart): D1SessionBookmark | D1SessionConstraint {
  if (reads === "primary") return "first-primary";
  if (reads === "nearest") return "first-unconstrained";
  return reads.after;
}

/**
 * What an adapter may use: the context without its viewer or ports.
 *
 * Which to write with (docs/decisions.md 217): `db`, drizzle's query builder, for every read and
 * write it can say in one statement (selects and their joins through listings/listing-event.ts,
 * inserts, updates, deletes, ON CONFLICT DO NOTHING). Hand-written SQL, always drizzle's `sql`
 * template over the schema's tables (statements.ts compiles it for `d1`), only where the builder
 * cannot say it: a write guarded by the invariant it keeps (INSERT … SELECT … WHERE, a
 * compare-and-set UPDATE, in one D1 batch), and a read built from the rules' shared SQL
 * expressions (tickets left, an order's outcome). The choice follows the statement, not the file.
 */
export interface AdapterContext {
  db: Database;
  /** The request's D1 session (its statements and batches), for batches of hand-written atomic statements. */
  d1: D1DatabaseSession;
  env: Env;
  now: () => number;
  /**
   * Where the session started: "primary" marks a request whose reads decide something (a write,
   * a ticket's handover), which also checks its viewer's session in D1 rather than trusting an
   * assertion (decision 268).
   */
  readStart: ReadStart;
  /**
   * Keeps work running after the answer has gone (the request's or object's waitUntil): what the
   * caller need not wait for, such as sending a notification. Absent in a context with nothing to
   * keep it alive; such work then runs as far as it gets, and the cron picks up what it left.
   */
  defer?: (work: Promise<unknown>) => void;
}

export interface MarketPorts {
  mail: MailPort;
  files: FileStore;
  payments: PaymentPort;
  /** A conversation's message log and live sockets (conversation-port.ts). */
  conversations: Conversations;
  /** The bot gate of a high-demand session's waiting room (bot-check-port.ts). */
  botCheck: BotCheckPort;
  /** Web push to one device (push-port.ts). */
  push: PushPort;
  /** Apple Wallet passes: signing them and waking the devices that hold them (wallet-pass-port.ts). */
  walletPasses: WalletPassPort;
}

export interface MarketContext extends AdapterContext, MarketPorts {
  viewer: Viewer;
}

/**
 * The context, with the ports the given adapters build over its database, bindings and clock.
 * Its D1 session starts where `reads` says, the primary when it says nothing: a caller that
 * does not know what its statements decide reads what the last write left.
 */
export function assembleMarketContext(input: {
  env: Env;
  viewer: Viewer;
  now?: () => number;
  reads?: ReadStart;
  defer?: (work: Promise<unknown>) => void;
  adapters: (base: AdapterContext) => MarketPorts;
}): MarketContext {
  const readStart = input.reads ?? "primary";
  const d1 = input.env.DB.withSession(sessionStart(readStart));
  // Without the schema: drizzle then walks no relations, so one per request costs microseconds.
  const base: AdapterContext = { db: drizzle(d1 as unknown as D1Database), d1, env: input.env, now: input.now ?? Date.now, readStart, defer: input.defer };
  return { ...base, ...input.adapters(base), viewer: input.viewer };
}

/**
 * The same context over a D1 session of its own that starts at the primary, for a write a page
 * that only reads makes beside its answer (a view counted, an arrival noted): on the page's own
 * session the write would send every later read of the page to the primary too. Only statements
 * through the returned `db`/`d1` take the new session; the ports keep the page's.
 */
export function onOwnPrimarySession<T extends AdapterContext>(ctx: T): T {
  const d1 = ctx.env.DB.withSession(sessionStart("primary"));
  return { ...ctx, d1, db: drizzle(d1 as unknown as D1Database), readStart: "primary" };
}

/**
 * What the viewer carries to the next request so it reads at least what this one saw or wrote
 * (null before the session has run a statement).
 */
export function readBookmarkOf(ctx: Pick<AdapterContext, "d1">): string | null {
  return ctx.d1.getBookmark();
}

export type { Viewer } from "./viewer";
export type { FileStore, StoredFile } from "./file-store";
export type { AppendInput, ChatMessage, ChatMessageKind, ConversationFacts, ConversationRole, ConversationStore, Conversations, HistoryQuery } from "./conversation-port";
export type { MailMessage, MailPort, SentMail } from "./mail-port";
export type { PaymentPort, PaymentProvider, PaymentEvent } from "./payment-port";
export type { BotCheckPort, BotCheckWidget } from "./bot-check-port";
export type { PushPort, PushSendOptions, PushTarget } from "./push-port";
export type { ApplePassIdentity, WalletPassPort } from "./wallet-pass-port";
