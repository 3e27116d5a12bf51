/**
 * The demo catalog in a test's own D1, seeded from a fixed day so results are the same on every
 * run. Tests that move time pass their own anchor.
 */
import { env } from "cloudflare:test";
import { demoCatalog } from "../../../functions/seed";
import { seedDatabase } from "../../../functions/seed/sql";
import { createMarketContext } from "../../../functions/wiring";
import { DEFAULT_VIEWER, type Viewer } from "../../../functions/market/context/viewer";

/** The fixed day the test catalog is seeded from: a Wednesday, Hong Kong morning. */
export const TEST_ANCHOR = new Date("2026-11-18T02:00:00Z");

export async function seedCatalog(anchor: Date = TEST_ANCHOR) {
  const catalog = demoCatalog(anchor);
  await seedDatabase(env.DB, catalog);
  return catalog;
}

/**
 * The catalog seeded from now, for tests that also call the API, whose clock is the real one;
 * their domain calls move their own clock (catalogContext).
 */
export async function seedCatalogNow() {
  const seededAt = Date.now();
  return { seededAt, catalog: await seedCatalog(new Date(seededAt)) };
}

/** A market context for `viewer` whose clock stands at `at`. */
export function catalogContext(at: number, viewer: Partial<Viewer> = {}) {
  return createMarketContext({ env, viewer: { ...DEFAULT_VIEWER, ...viewer }, now: () => at });
}
