/**
 * Taking one step of a delivery: one D1 batch that records the event, applies the step's other
 * effects and moves the delivery, every statement guarded on the delivery still being exactly as
 * it was read (state, and version for steps that must not race). A batch runs as one
 * transaction, so the guards all see the same row: of two steps taken at once, the first to run
 * moves it and the second finds it changed and does nothing, and is told deliveryStepRefused.
 */
import { sql, type SQL } from "drizzle-orm";
import { deliveries, deliveryEvents, type DeliveryActor } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { prepare } from "../context/statements";
import type { DeliveryRow } from "./delivery-views";
import { STEP_RULES, transitionOf, type StepName } from "./machine";

export interface StepPlan {
  step: StepName;
  /** The account taking it (the buyer, the provider's or support's account). */
  actorUserId: number | null;
  /** Columns the step sets besides the state (`pickup_code = …`). */
  set?: SQL[];
  /** The provider's new deadline; by default kept while the state stays, cleared once it moves. */
  dueAt?: number | null;
  note?: string | null;
  /** More that must hold of the delivery for the step, checked by every statement (so nothing the effects change). */
  where?: SQL;
  /** Statements of the same batch, each to be guarded by `guard`. */
  effects?: (guard: SQL) => SQL[];
  /**
   * Guard on the version read (the default): any other step in between refuses this one. Steps
   * that only add details (an upload) guard on the state alone, so two may run side by side.
   */
  exclusive?: boolean;
}

function refused(): MarketError {
  return new MarketError("deliveryStepRefused");
}

/**
 * Takes `plan.step` on the delivery as read in `row`. Throws deliveryStepRefused when the
 * machine does not allow it from the state read, or when the delivery changed since it was read.
 * Side effects: the delivery moved, one delivery event, and the plan's effects, all or nothing.
 */
export async function takeStep(ctx: MarketContext, row: DeliveryRow, plan: StepPlan): Promise<void> {
  const { delivery } = row;
  const to = transitionOf(plan.step, delivery.method, delivery.state);
  if (to === null) throw refused();
  const now = ctx.now();
  const actor: DeliveryActor = STEP_RULES[plan.step].actor;
  const conditions = [sql`id = ${delivery.id}`, sql`state = ${delivery.state}`];
  if (plan.exclusive !== false) conditions.push(sql`version = ${delivery.version}`);
  if (plan.where) conditions.push(plan.where);
  const matches = sql.join(conditions, sql` AND `);
  const guard = sql`EXISTS (SELECT 1 FROM ${deliveries} WHERE ${matches})`;
  const moves = to !== delivery.state;
  const dueAt = plan.dueAt !== undefined ? plan.dueAt : moves ? null : delivery.dueAt;
  const assignments = [
    sql`state = ${to}`,
    sql`version = version + 1`,
    sql`state_at = ${moves ? now : delivery.stateAt}`,
    sql`due_at = ${dueAt}`,
    sql`updated_at = ${now}`,
    ...(plan.set ?? []),
  ];
  const statements = [
    sql`INSERT INTO ${deliveryEvents} (delivery_id, order_id, from_state, to_state, step, actor, actor_user_id, note, created_at)
        SELECT ${delivery.id}, ${delivery.orderId}, ${delivery.state}, ${to}, ${plan.step}, ${actor}, ${plan.actorUserId}, ${plan.note ?? null}, ${now}
        WHERE ${guard}`,
    ...(plan.effects?.(guard) ?? []),
    // Last, so every statement before it saw the delivery as it was read.
    sql`UPDATE ${deliveries} SET ${sql.join(assignments, sql`, `)} WHERE ${matches}`,
  ];
  const results = await ctx.d1.batch(statements.map((statement) => prepare(ctx.d1, statement)));
  if (results[results.length - 1].meta.changes !== 1) throw refused();
}
