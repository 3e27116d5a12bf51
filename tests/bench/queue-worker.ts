/**
 * The product's waiting-room paths in front of ONE shard, for the queue bench: joining with the
 * bot check and a signed queue token (market/demand/admission.ts), the edge-cached 'now
 * admitting' poll exactly as worker.ts answers it (web/queue-poll.ts), and admission with its
 * signed token. D1 is a counter that refuses every statement, so a path that reads the database
 * shows in the figures; the shard's own tick (its one D1 read per batch) is counted in its
 * subclass here. Only the bench loads this file.
 */
import { drizzle } from "drizzle-orm/d1";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import type { MarketContext } from "../../functions/market/context";
import { joinQueue, queuePlace } from "../../functions/market/demand/admission";
import { shardStub } from "../../functions/market/demand/queue-document";
import { WaitingRoom as ProductWaitingRoom, type Observed, type ShardConfig } from "../../functions/market/demand/waiting-room";
import { answerQueuePoll } from "../../functions/web/queue-poll";
import { turnstileBotCheck } from "../../functions/integrations/bot-check/turnstile";

/** The shard, with its tick's D1 read answered here and counted (the bench has no catalog). */
export class WaitingRoom extends ProductWaitingRoom {
  private ticks = 0;
  protected override async readLeft(): Promise<Observed> {
    this.ticks++;
    return { left: 1_000_000_000, readMs: 1 };
  }
  benchTicks(): number {
    return this.ticks;
  }
}

let d1Statements = 0;
/** A D1 binding that counts what would have reached the database and refuses it. */
const countingD1 = new Proxy({} as D1Database, {
  get(_target, name) {
    return () => {
      d1Statements++;
      throw new Error(`D1 ${String(name)} reached in the queue bench`);
    };
  },
});

interface BenchEnv {
  WAITING_ROOM: DurableObjectNamespace<WaitingRoom>;
}

/** The bench runs as the local demo does: its public keys sign, and Turnstile's always-passing test key checks. */
function contextFor(env: BenchEnv, userId: number | null): MarketContext {
  const benchEnv = { ...env, DB: countingD1, LOCAL_DEMO: "true" } as unknown as Env;
  const viewer = { ...DEFAULT_VIEWER, environment: "dev" as const, requestId: "bench", userId };
  return { env: benchEnv, db: drizzle(countingD1), now: Date.now, viewer, botCheck: turnstileBotCheck(benchEnv) } as unknown as MarketContext;
}

export default {
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
    const polled = await answerQueuePoll(request, env as unknown as Env, ctx);
    if (polled) return polled;
    const url = new URL(request.url);
    const body = request.method === "POST" ? ((await request.json()) as { sessionId: number; queueToken?: string; userId?: number; config?: ShardConfig }) : null;
    switch (url.pathname) {
      case "/configure":
        await shardStub(env as unknown as Env, body!.sessionId, 0).configure(body!.config!, Date.now());
        return Response.json({ ok: true });
      case "/join":
        return Response.json(await joinQueue(contextFor(env, null), body!.sessionId, { botCheck: "XXXX.DUMMY.TOKEN.XXXX", queueToken: body!.queueToken }));
      case "/place":
        return Response.json(await queuePlace(contextFor(env, body!.userId ?? null), body!.sessionId, body!.queueToken));
      default: {
        const sessionId = Number(url.searchParams.get("sessionId"));
        const shard = env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${sessionId}/0`));
        return Response.json({ ...(await shard.fairness()), ticks: await shard.benchTicks(), d1Statements });
      }
    }
  },
};
