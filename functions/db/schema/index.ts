/**
 * The D1 schema, one file per area. Migrations in ../migrations are generated from these files
 * by `npm run db:generate` (drizzle-kit) and applied by wrangler.
 *
 * Conventions: ids are integers; times are UTC epoch milliseconds; money is integer minor units
 * beside an ISO 4217 code; bilingual text is a pair of columns (_en, _zh).
 */
export * from "./catalog";
export * from "./accounts";
export * from "./orders";
export * from "./addresses";
export * from "./coupons";
export * from "./staff";
export * from "./fulfilment";
export * from "./aftersales";
export * from "./demand";
export * from "./messaging";
export * from "./apps";
export * from "./selling";
export * from "./selling-support";
export * from "./payouts";
export * from "./search";
export * from "./entry";
export * from "./purchase-limits";
export * from "./push";
export * from "./wallet";
