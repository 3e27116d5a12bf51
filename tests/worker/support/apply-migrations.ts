import { abortAllDurableObjects, applyD1Migrations, env, listDurableObjectIds, reset, runInDurableObject } from "cloudflare:test";
import { beforeAll, beforeEach } from "vitest";
import { forgetReference } from "../../../functions/market/reference";
import { forgetKeptPages } from "../../../functions/web/page-cache";
import { emptyDatabase } from "./tables";
import { forgetKeptReads } from "../../../functions/market/context/kept";
import { forgetQueueDocuments } from "../../../functions/market/demand/queue-document";

/**
 * Test files share one workerd and one copy of the Worker's modules per vitest worker
 * (`isolate: false` in tests/vitest.config.ts: starting a workerd and loading the modules afresh
 * cost seconds a file), so every file starts from empty storage: every Durable Object's data
 * (the chat rooms, the waiting room, the Cache API) is deleted, R2 is emptied, D1 loses every
 * table before the migrations run again, and the pages (and the waiting room's documents) the
 * Worker keeps in memory are forgotten.
 *
 * `reset()` deletes the objects' files, but a live instance answers from its storage's cache:
 * each chat room and waiting room empties its own storage and alarm first, and aborting them
 * all makes the next file's first call start a new instance.
 */
async function emptyObjects<T extends Rpc.DurableObjectBranded | undefined>(namespace: DurableObjectNamespace<T>): Promise<void> {
  for (const id of await listDurableObjectIds(namespace)) {
    await runInDurableObject(namespace.get(id), async (instance, state) => {
      // A chat room still indexing its last messages finishes first: emptied under it, its next
      // statement would find no table and log an error into the next file's test.
      const pending = instance as { flush?: () => Promise<void> };
      if (typeof pending.flush === "function") await pending.flush();
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
  }
}

/** `reset()` leaves R2's objects (a file drawn by one file's order would answer the next file's). */
async function emptyBucket(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

beforeAll(async () => {
  await emptyObjects(env.CONVERSATIONS);
  await emptyObjects(env.WAITING_ROOM);
  await emptyObjects(env.INBOXES);
  await reset();
  await abortAllDurableObjects();
  await emptyBucket(env.FILES);
  await emptyDatabase(env.DB);
  forgetKeptPages(0);
  forgetKeptReads();
  forgetQueueDocuments();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // A file's own beforeAll may seed and buy before the first beforeEach: the reference data the
  // previous file read must already be gone.
  forgetReference();
});

// Tests seed their own currencies and locations; the Worker shares this isolate's module copy of
// the reference data, so a copy read before a test's seeding must not outlive that test. The
// same for the reads the Worker keeps for a few seconds (the session offers, home's floors).
beforeEach(() => {
  forgetReference();
  forgetKeptReads();
});
