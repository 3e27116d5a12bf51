/**
 * The demo catalog in a test's own D1, seeded from a fixed day so results are the same on every
 * run. Tests that move time pass their own anchor.
 */
import { env } from "cloudflare:test";
import { demoCatalog } from "../../../functions/seed";
import { seedDatabase } from "../../../functions/seed/sql";

/** The fixed day the test catalog is seeded from: a Wednesday, Hong Kong morning. */
export const TEST_ANCHOR = new Date("2026-11-18T02:00:00Z");

export async function seedCatalog(anchor: Date = TEST_ANCHOR) {
  const catalog = demoCatalog(anchor);
  await seedDatabase(env.DB, catalog);
  return catalog;
}
