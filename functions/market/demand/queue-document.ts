/**
 * The shards' public 'now admitting' documents at the edge. A waiting buyer polls their shard's
 * document; every poll within DOCUMENT_FRESH_MS of the last one that reached the shard is
 * answered from this isolate's memory or the colo's Cache API, so a crowd of any size costs a
 * shard one call per colo per DOCUMENT_FRESH_MS, and D1 nothing.
 */
import type { NowAdmitting, WaitingRoom } from "./waiting-room";
import { QUEUE_NOW_PATH } from "./queue-place";

export { QUEUE_NOW_PATH };

declare global {
  namespace Cloudflare {
    interface Env {
      /** The waiting room's shards (functions/market/demand/waiting-room.ts). */
      WAITING_ROOM: DurableObjectNamespace<WaitingRoom>;
    }
  }
}

/** How long a document is answered without asking its shard: well under a batch (10 s). */
export const DOCUMENT_FRESH_MS = 2_000;

/**
 * Until when a document may be answered: DOCUMENT_FRESH_MS after it was made, but never past
 * its next change (the draw, then each batch), so the polls just after it see it (one shard call
 * per colo per batch) rather than a copy that says the turn has not come or hides the seed.
 */
export function freshUntil(document: Pick<NowAdmitting, "at" | "nextBatchAt" | "drawn" | "drawAt">): number {
  const change = document.drawn ? document.nextBatchAt : document.drawAt;
  return Math.min(document.at + DOCUMENT_FRESH_MS, Math.max(document.at, change));
}

const isFresh = (document: NowAdmitting, now: number) => now >= document.at && now < freshUntil(document);
const MEMORY_ENTRIES = 256;

const memory = new Map<string, NowAdmitting>();
/** When this isolate last asked a shard for a document: meanwhile its other polls take the copy it has. */
const asked = new Map<string, number>();
/** How long a poll may take the last copy while another poll of this isolate asks the shard. */
const ASKING_MS = 250;
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The shard `shard` of the session's room. */
export function shardStub(env: Pick<Env, "WAITING_ROOM">, sessionId: number, shard: number): DurableObjectStub<WaitingRoom> {
  return env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${sessionId}/${shard}`));
}

type DocumentEnv = Pick<Env, "WAITING_ROOM" | "PUBLIC_ORIGIN">;

/** The address a document is kept under in the Cache API: its public poll address on the site's own origin. */
export function documentUrl(env: Pick<Env, "PUBLIC_ORIGIN">, sessionId: number, shard: number): string {
  return `${env.PUBLIC_ORIGIN || "https://ovation.internal"}${QUEUE_NOW_PATH}?sessionId=${sessionId}&shard=${shard}`;
}

/** Keeps a document a shard just gave (a join's answer carries one) in this isolate, when newer than the one kept. */
export function keepInIsolate(env: DocumentEnv, document: NowAdmitting): void {
  const url = documentUrl(env, document.sessionId, document.shard);
  const kept = memory.get(url);
  if (kept && kept.at > document.at) return;
  if (memory.size >= MEMORY_ENTRIES && !kept) memory.delete(memory.keys().next().value!);
  memory.set(url, document);
}

/**
 * Keeps a document in this isolate and the colo's cache. The colo's copy is written by the
 * promise returned, which the request must outlive: await it, or hand it to waitUntil (a put
 * cut off with its request is lost, and logged by the runtime as an error).
 */
function keepDocument(env: DocumentEnv, document: NowAdmitting): Promise<unknown> {
  const url = documentUrl(env, document.sessionId, document.shard);
  keepInIsolate(env, document);
  const put = edgeCache()
    .put(url, new Response(JSON.stringify(document), { headers: { "content-type": "application/json", "cache-control": `public, max-age=${DOCUMENT_FRESH_MS / 1000}` } }))
    .catch(() => undefined);
  return put;
}

/**
 * The shard's document as of at most DOCUMENT_FRESH_MS ago: from memory, the colo's cache, or
 * (at most once per freshness window here) the shard itself. Null when the shard was never
 * configured (the session has no room, or was marked before shards kept their settings).
 */
export async function queueDocument(
  env: DocumentEnv,
  sessionId: number,
  shard: number,
  now: number,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<NowAdmitting | null> {
  const url = documentUrl(env, sessionId, shard);
  const kept = memory.get(url);
  if (kept && isFresh(kept, now)) return kept;
  const cached = await edgeCache()
    .match(url)
    .catch(() => undefined);
  if (cached) {
    const document = (await cached.json()) as NowAdmitting;
    if (isFresh(document, now)) {
      memory.set(url, document);
      return document;
    }
  }
  // One poll of this isolate asks; the polls that come meanwhile take the copy it has (a request
  // may not wait on another's call), for at most ASKING_MS, and only a copy made within
  // DOCUMENT_FRESH_MS + ASKING_MS: an isolate that went quiet may hold one from before a changed
  // opening, which would send a waiting page to sleep on the wrong schedule (decision 313).
  const askedAt = asked.get(url);
  if (kept && askedAt !== undefined && now - askedAt >= 0 && now - askedAt < ASKING_MS && now - kept.at < DOCUMENT_FRESH_MS + ASKING_MS) return kept;
  asked.set(url, now);
  const fresh = await shardStub(env, sessionId, shard).document(now);
  if (fresh) {
    const put = keepDocument(env, fresh);
    if (waitUntil) waitUntil(put);
    else await put;
  }
  return fresh;
}

/** Forgets this isolate's kept documents (tests, whose files each start from empty storage and reuse session ids). */
export function forgetQueueDocuments(): void {
  memory.clear();
  asked.clear();
}
