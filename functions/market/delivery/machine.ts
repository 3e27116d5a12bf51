/**
 * The state machines, one per delivery method, as one table. Every method has the same shape:
 * a first state in which the provider owes a step by a deadline, for most a middle state in
 * which the tickets are on their way to the buyer, and a final state in which they are in the
 * buyer's hand. `voided` ends any of them.
 *
 * Each step says from which of those positions it may be taken and where it leads; a step
 * taken from anywhere else is refused (deliveryStepRefused). Deadlines are in
 * docs/decisions.md; they are computed here, and again in SQL for the batch that pays an order
 * (initialDueAtSql), from the same figures.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DeliveryActor, DeliveryMethod, DeliveryState, DeliveryStep } from "../../db/schema";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface MethodMachine {
  /** The provider owes a step here, by `dueAt`. */
  first: DeliveryState;
  /** The tickets are on their way; the buyer (or the provider, at a counter) finishes. None for E_TICKET. */
  middle: DeliveryState | null;
  /** The tickets are in the buyer's hand. */
  final: DeliveryState;
  /** The provider's step is due this long before the show starts… */
  leadMs: number;
  /** …but a late purchase always gets this long after payment (never past the start). */
  graceMs: number;
}

export const MACHINES: Record<DeliveryMethod, MethodMachine> = {
  E_TICKET: { first: "awaiting_upload", middle: null, final: "delivered", leadMs: 48 * HOUR, graceMs: 2 * HOUR },
  SELF_PICKUP: { first: "awaiting_pickup_details", middle: "ready_for_pickup", final: "picked_up", leadMs: DAY, graceMs: 2 * HOUR },
  ON_SITE: { first: "awaiting_collection_details", middle: "ready_for_collection", final: "collected", leadMs: DAY, graceMs: 2 * HOUR },
  EXPRESS: { first: "awaiting_shipment", middle: "shipped", final: "received", leadMs: 5 * DAY, graceMs: DAY },
  TICKET_TRANSFER: { first: "awaiting_transfer", middle: "transfer_sent", final: "transfer_accepted", leadMs: 48 * HOUR, graceMs: 2 * HOUR },
  CUSTOMER_REDEMPTION: { first: "awaiting_code", middle: "code_issued", final: "redeemed", leadMs: 48 * HOUR, graceMs: 2 * HOUR },
};

/** SPEC §9: pickup closes 30 minutes after the show starts (or at a later pickup time). */
export const PICKUP_CLOSES_AFTER_START_MS = 30 * 60_000;
/** SPEC §5/§9: a scratch code is valid 30 minutes. */
export const VOUCHER_VALID_MS = 30 * 60_000;
/** SPEC §9's 'check the e-ticket within {minutes} minutes before the event'. */
export const E_TICKET_CHECK_MINUTES = 30;
/** E-ticket files: PDF only, at most 10 MB each. */
export const E_TICKET_MAX_BYTES = 10 * 1024 * 1024;

export const PICKUP_METHODS: readonly DeliveryMethod[] = ["SELF_PICKUP", "ON_SITE"];

type Position = "first" | "middle" | "final";

interface StepRule {
  actor: DeliveryActor;
  methods: readonly DeliveryMethod[] | "all";
  from: readonly Position[];
  /** Where it leads; `same` changes details without moving the delivery. */
  to: Position | "same" | "voided";
}

const ALL = "all" as const;

/** Every step, keyed by the name its delivery event records. */
export const STEP_RULES: Record<Exclude<DeliveryStep, "created">, StepRule> = {
  eticket_uploaded: { actor: "seller", methods: ["E_TICKET"], from: ["first"], to: "same" },
  eticket_removed: { actor: "seller", methods: ["E_TICKET"], from: ["first"], to: "same" },
  etickets_delivered: { actor: "seller", methods: ["E_TICKET"], from: ["first"], to: "final" },
  pickup_details_set: { actor: "seller", methods: PICKUP_METHODS, from: ["first", "middle"], to: "same" },
  marked_ready: { actor: "seller", methods: PICKUP_METHODS, from: ["first"], to: "middle" },
  collected: { actor: "seller", methods: PICKUP_METHODS, from: ["middle"], to: "final" },
  shipped: { actor: "seller", methods: ["EXPRESS"], from: ["first"], to: "middle" },
  transfer_sent: { actor: "seller", methods: ["TICKET_TRANSFER"], from: ["first"], to: "middle" },
  redemption_code_issued: { actor: "seller", methods: ["CUSTOMER_REDEMPTION"], from: ["first"], to: "middle" },
  redeemed: { actor: "seller", methods: ["CUSTOMER_REDEMPTION"], from: ["middle"], to: "final" },
  pickup_confirmed: { actor: "buyer", methods: PICKUP_METHODS, from: ["middle"], to: "final" },
  receipt_confirmed: { actor: "buyer", methods: ["EXPRESS", "CUSTOMER_REDEMPTION"], from: ["middle"], to: "final" },
  transfer_accepted: { actor: "buyer", methods: ["TICKET_TRANSFER"], from: ["middle"], to: "final" },
  voucher_revealed: { actor: "buyer", methods: ["E_TICKET"], from: ["final"], to: "same" },
  deadline_extended: { actor: "support", methods: ALL, from: ["first"], to: "same" },
  completed_on_behalf: { actor: "support", methods: ALL, from: ["first", "middle"], to: "final" },
  voided: { actor: "support", methods: ALL, from: ["first", "middle"], to: "voided" },
};

export type StepName = keyof typeof STEP_RULES;

function positionOf(method: DeliveryMethod, state: DeliveryState): Position | null {
  const machine = MACHINES[method];
  if (state === machine.first) return "first";
  if (state === machine.middle) return "middle";
  if (state === machine.final) return "final";
  return null;
}

/** Where `step` leads a delivery of `method` in `state`, or null when the machine refuses it. */
export function transitionOf(step: StepName, method: DeliveryMethod, state: DeliveryState): DeliveryState | null {
  const rule = STEP_RULES[step];
  if (rule.methods !== ALL && !rule.methods.includes(method)) return null;
  const position = positionOf(method, state);
  if (position === null || !rule.from.includes(position)) return null;
  if (rule.to === "same") return state;
  if (rule.to === "voided") return "voided";
  return MACHINES[method][rule.to];
}

/**
 * Where a delivery stands for its buyer: the provider still owes a step (waiting), the tickets
 * are for the buyer to take, open or accept (ready), they are in the buyer's hand (done), or the
 * delivery was voided (ended). An e-ticket has no middle state: once delivered it is ready for
 * the buyer to open, and stays so.
 */
export type DeliveryStage = "waiting" | "ready" | "done" | "ended";

export function deliveryStage(method: DeliveryMethod, state: DeliveryState): DeliveryStage {
  if (state === "voided") return "ended";
  const machine = MACHINES[method];
  if (machine.middle === null) return state === machine.final ? "ready" : "waiting";
  if (state === machine.middle) return "ready";
  return state === machine.final ? "done" : "waiting";
}

export function isFinal(method: DeliveryMethod, state: DeliveryState): boolean {
  return MACHINES[method].final === state;
}

/** The state a delivery starts in once its order is paid. */
export function initialState(method: DeliveryMethod, eTicketReady: boolean): DeliveryState {
  return method === "E_TICKET" && eTicketReady ? MACHINES.E_TICKET.final : MACHINES[method].first;
}

/** The provider's first deadline: `leadMs` before the start, or for a late purchase `graceMs` after payment, never past the start. */
export function initialDueAt(method: DeliveryMethod, startsAt: number, paidAt: number, eTicketReady: boolean): number | null {
  if (initialState(method, eTicketReady) !== MACHINES[method].first) return null;
  const { leadMs, graceMs } = MACHINES[method];
  return Math.max(startsAt - leadMs, Math.min(paidAt + graceMs, startsAt));
}

/** initialState and initialDueAt in SQL, over an order row `o`, its listing `l` and session `s`, paid at `now`. */
export function initialStateSql(): SQL {
  const ready = MACHINES.E_TICKET.final;
  const branches = Object.entries(MACHINES).map(([method, machine]) => sql`WHEN ${method} THEN ${machine.first}`);
  return sql`CASE WHEN o.delivery_method = 'E_TICKET' AND l.e_ticket_ready = 1 THEN ${ready}
              ELSE CASE o.delivery_method ${sql.join(branches, sql` `)} END END`;
}

export function initialDueAtSql(now: number): SQL {
  const branches = Object.entries(MACHINES).map(
    ([method, { leadMs, graceMs }]) => sql`WHEN ${method} THEN MAX(s.starts_at - ${leadMs}, MIN(${now + graceMs}, s.starts_at))`,
  );
  return sql`CASE WHEN o.delivery_method = 'E_TICKET' AND l.e_ticket_ready = 1 THEN NULL
              ELSE CASE o.delivery_method ${sql.join(branches, sql` `)} END END`;
}

/** When the buyer can no longer confirm pickup. */
export function pickupClosesAt(startsAt: number, pickupAt: number | null): number {
  return Math.max(startsAt + PICKUP_CLOSES_AFTER_START_MS, pickupAt ?? 0);
}
