/**
 * The smallest Worker in front of one waiting-room shard, for the queue bench: the Durable
 * Object class the product exports, called by RPC as the product calls it, with the admission
 * token signed on the way out as the product signs it. Only the bench loads this file.
 */
import { signToken } from "../../functions/market/demand/signed-token";
import { WaitingRoom, type ShardCall } from "../../functions/market/demand/waiting-room";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";

export { WaitingRoom };

/** The bench runs as the local demo does: its public key signs (the bench measures, it guards nothing). */
const BENCH_KEYS = { env: { LOCAL_DEMO: "true" } as Env, viewer: { ...DEFAULT_VIEWER, environment: "dev" as const } };

interface BenchEnv {
  WAITING_ROOM: DurableObjectNamespace<WaitingRoom>;
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const { room, call } = (await request.json()) as { room: string; call: ShardCall };
    const shard = env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(room));
    switch (new URL(request.url).pathname) {
      case "/join":
        return Response.json(await shard.join(call));
      case "/status": {
        const place = await shard.status(call);
        const token = place.state === "admitted" ? await signToken(BENCH_KEYS, "admit", [1, call.buyer, place.expiresAt]) : null;
        return Response.json({ ...place, token });
      }
      default:
        return Response.json(await shard.figures());
    }
  },
};
