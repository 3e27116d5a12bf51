/**
 * The waiting room's poll, answered before either door: a shard's public 'now admitting'
 * document (market/demand/queue-document.ts) from this isolate's memory or the colo's cache,
 * with no viewer resolved and no D1 read, so half a million buyers waiting cost the database
 * nothing. Only a well-formed poll of a room with settings is answered here; anything else goes
 * on to the API door, which answers it (or refuses it) in the viewer's language.
 */
import { ok } from "../market/envelope";
import { freshUntil, QUEUE_NOW_PATH, queueDocument } from "../market/demand/queue-document";

const DIGITS = /^[0-9]{1,9}$/;

export async function answerQueuePoll(request: Request, env: Env, ctx: ExecutionContext): Promise<Response | null> {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.pathname !== QUEUE_NOW_PATH) return null;
  const fields = [...url.searchParams.keys()].sort().join(",");
  const sessionId = url.searchParams.get("sessionId") ?? "";
  const shard = url.searchParams.get("shard") ?? "";
  if (fields !== "sessionId,shard" || !DIGITS.test(sessionId) || !DIGITS.test(shard) || Number(sessionId) < 1 || Number(shard) > 63) return null;
  const document = await queueDocument(env, Number(sessionId), Number(shard), Date.now(), (promise) => ctx.waitUntil(promise));
  if (!document) return null;
  // A browser or proxy may keep it as long as the edge would, whole seconds, never past its next batch.
  const maxAge = Math.max(0, Math.floor((freshUntil(document) - Date.now()) / 1000));
  return Response.json(ok(document), { headers: { "cache-control": `public, max-age=${maxAge}` } });
}
