/**
 * What every domain function is given: the database, the Worker's bindings, a clock that tests
 * can move, and the viewer on whose behalf it runs. Both doors (the web app and the JSON API) build
 * one per request.
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import type { Viewer } from "./viewer";

export type Database = DrizzleD1Database<typeof schema>;

export interface MarketContext {
  db: Database;
  /** The raw binding, for batches of hand-written atomic statements. */
  d1: D1Database;
  env: Env;
  now: () => number;
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

export function createMarketContext(input: { env: Env; viewer: Viewer; now?: () => number }): MarketContext {
  return {
    db: databaseOf(input.env.DB),
    d1: input.env.DB,
    env: input.env,
    now: input.now ?? Date.now,
    viewer: input.viewer,
  };
}

export type { Viewer } from "./viewer";
