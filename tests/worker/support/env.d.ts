import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A second local database: the lagging read copy of support/lagging-d1.ts. */
      REPLICA_DB: D1Database;
    }
  }
}
export {};
