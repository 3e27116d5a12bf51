/**
 * A loader's two halves (docs/decisions.md 262): the critical half is awaited as always; the
 * deferred half is handed here as promises that never reject (each catches into an empty value).
 * They stay promises, to stream behind `<Await>` (app/components/deferred.tsx), when the browser
 * is known to run scripts: a client navigation's data request, or a document for a browser that
 * carries the sign it set after hydrating (functions/web/scripts-cookie.ts). For any other
 * document (a first visit, JavaScript off, a crawler) they are awaited here and the page arrives
 * complete, because streamed content is put in place by an inline script.
 */
import type { AppLoadContext } from "react-router";

type DeferredHalf = Record<string, Promise<unknown>>;

/** Each value a promise to stream, or its value already there: `<Await>` takes either. */
export type Deferred<T extends DeferredHalf> = { [K in keyof T]: T[K] | Awaited<T[K]> };

export async function deferUnlessDocumentNeedsAll<T extends DeferredHalf>(context: AppLoadContext, deferred: T): Promise<Deferred<T>> {
  if (context.streamsDeferred) return deferred;
  const names = Object.keys(deferred);
  const values = await Promise.all(Object.values(deferred));
  return Object.fromEntries(names.map((name, index) => [name, values[index]])) as Deferred<T>;
}
