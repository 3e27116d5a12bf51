/**
 * What every domain function is given: the database, the Worker's bindings, a clock that tests
 * can move, the viewer on whose behalf it runs, and the ports (mail, files, payments,
 * conversations) through which the domain reaches the world. Both doors (the web app and the JSON API), the cron and the
 * Durable Objects build one through functions/wiring.ts, which hands in the adapters.
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import type { Conversations } from "./conversation-port";
import type { FileStore } from "./file-store";
import type { MailPort } from "./mail-port";
import type { PaymentPort } from "./payment-port";
import type { Viewer } from "./viewer";

export type Database = DrizzleD1Database<typeof schema>;

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
  /** The raw binding, for batches of hand-written atomic statements. */
  d1: D1Database;
  env: Env;
  now: () => number;
}

export interface MarketPorts {
  mail: MailPort;
  files: FileStore;
  payments: PaymentPort;
  /** A conversation's message log and live sockets (conversation-port.ts). */
  conversations: Conversations;
}

export interface MarketContext extends AdapterContext, MarketPorts {
  viewer: Viewer;
}

/** One drizzle instance per binding: building one walks the whole schema, which every request would otherwise pay for. */
const databases = new WeakMap<D1Database, Database>();

function databaseOf(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    databases.set(d1, db);
  }
  return db;
}

/** The context, with the ports the given adapters build over its database, bindings and clock. */
export function assembleMarketContext(input: {
  env: Env;
  viewer: Viewer;
  now?: () => number;
  adapters: (base: AdapterContext) => MarketPorts;
}): MarketContext {
  const base: AdapterContext = { db: databaseOf(input.env.DB), d1: input.env.DB, env: input.env, now: input.now ?? Date.now };
  return { ...base, ...input.adapters(base), viewer: input.viewer };
}

export type { Viewer } from "./viewer";
export type { FileStore, StoredFile } from "./file-store";
export type { AppendInput, ChatMessage, ChatMessageKind, ConversationFacts, ConversationRole, ConversationStore, Conversations, HistoryQuery } from "./conversation-port";
export type { MailMessage, MailPort, SentMail } from "./mail-port";
export type { PaymentPort, PaymentProvider, PaymentEvent } from "./payment-port";
