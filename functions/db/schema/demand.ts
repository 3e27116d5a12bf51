/**
 * Buyer insight and hot on-sales (migration 0010): each session's lowest price over time, the
 * waiting room's switch per session, and the arrivals that can switch it on by themselves.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { keyLink, link } from "./columns";
import { sessions } from "./catalog";

/**
 * A change of a session's lowest available all-in price: one row per change (null amount: no
 * tickets left), in the trade currency of the cheapest listing (market/demand/price-history.ts).
 */
export const sessionPricePoints = sqliteTable(
  "session_price_points",
  {
    id: integer("id").primaryKey(),
    sessionId: link("session_id", () => sessions.id),
    at: integer("at").notNull(),
    allInMinor: integer("all_in_minor"),
    currencyCode: text("currency_code"),
  },
  (t) => [index("session_price_points_session").on(t.sessionId, t.at)],
);

export const DEMAND_MARKERS = ["support", "auto"] as const;
export type DemandMarker = (typeof DEMAND_MARKERS)[number];

/** A session marked high demand: its waiting room's settings (market/demand/high-demand.ts). */
export const sessionDemand = sqliteTable("session_demand", {
  sessionId: keyLink("session_id", () => sessions.id),
  queueOn: integer("queue_on", { mode: "boolean" }).notNull(),
  markedBy: text("marked_by", { enum: DEMAND_MARKERS }).notNull(),
  staffUserId: integer("staff_user_id"),
  shards: integer("shards").notNull(),
  admitPerMinute: integer("admit_per_minute").notNull(),
  /** When the pre-queue is drawn and admission begins. */
  opensAt: integer("opens_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** The draw's secret (hex), revealed once the queue opens; its SHA-256 is published before (migration 0023). */
  seed: text("seed"),
  seedHash: text("seed_hash"),
  /** Arrivals support expects in the first minute, from which the shards follow. */
  expectedArrivals: integer("expected_arrivals"),
  /** Tickets of the session one buyer may take, counted per account, device, address and card. */
  ticketLimit: integer("ticket_limit").notNull().default(4),
});

/** Distinct visitors reaching a session's pick-seat, per minute (the automatic switch). */
export const pickSeatArrivals = sqliteTable(
  "pick_seat_arrivals",
  {
    sessionId: integer("session_id").notNull(),
    minute: integer("minute").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.minute, t.visitor] })],
);
