/**
 * 'It's your turn', from the waiting room's shard the moment a batch admits a place whose page
 * turned notifications on: the buyer can leave the page and still buy in time. Topic `queue`,
 * the one that breaks quiet hours; worth nothing once the admission has run out.
 */
import { eq, inArray } from "drizzle-orm";
import { pushSubscriptions, sessions, shows, tours } from "../../db/schema";
import type { MarketContext } from "../context";
import { notify } from "../notifications";
import { logError } from "../../observability";

export interface QueueTurn {
  /** The place's key in its shard. */
  key: string;
  /** The push subscription to tell. */
  device: number;
  /** When the admission runs out. */
  expiresAt: number;
}

/** Tells each turn's device, once per batch and device. Never throws (a failure is logged). */
export async function pushQueueTurns(ctx: MarketContext, sessionId: number, turns: readonly QueueTurn[]): Promise<void> {
  try {
    const devices = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.id,
          turns.map((turn) => turn.device),
        ),
      );
    if (devices.length === 0) return;
    const [show] = await ctx.db
      .select({ en: tours.titleEn, zh: tours.titleZh })
      .from(sessions)
      .innerJoin(shows, eq(shows.id, sessions.showId))
      .innerJoin(tours, eq(tours.id, shows.tourId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    const expiresAt = Math.min(...turns.map((turn) => turn.expiresAt));
    const minutes = Math.max(1, Math.round((expiresAt - ctx.now()) / 60_000));
    await notify(ctx, {
      key: `queue-turn:${sessionId}:${expiresAt}`,
      topic: "queue",
      to: { devices },
      path: `/waiting-room?sessionId=${sessionId}`,
      text: (language) => ({ title: "queueTurn.title", body: "queueTurn.body", params: { minutes, show: (language === "zh-HK" ? show?.zh : show?.en) ?? "" } }),
      expiresAt,
      urgency: "high",
      tag: `queue-${sessionId}`,
    });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "pushQueueTurns", sessionId });
  }
}
