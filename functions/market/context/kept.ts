/**
 * Reads kept in the isolate for a short while, under a key that names everything the read
 * depends on (the viewer's language, currency, place; a version the writes move). Every request
 * this isolate serves in that while shares one read, its D1 round trips and the mapping of its
 * rows; what a buyer pays is still decided by the order's own statements on the primary.
 *
 * Any write through this isolate forgets them all (functions/worker.ts, with the kept pages), so
 * a visitor never reads past their own change; a write elsewhere shows within `keptForMs`.
 */
const everyKeeper = new Set<Keeper<unknown>>();

export interface Keeper<T> {
  /** The kept read for `key` if it was made in the last `keptForMs` before `now`, else a new one. */
  read(key: string, now: number, load: () => Promise<T>): Promise<T>;
  forget(): void;
}

export function keeper<T>(keptForMs: number): Keeper<T> {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  const fresh = (at: number, now: number) => now >= at && now - at < keptForMs;
  const self: Keeper<T> = {
    read(key, now, load) {
      const entry = kept.get(key);
      if (entry && fresh(entry.at, now)) return entry.value;
      for (const [other, { at }] of kept) if (!fresh(at, now)) kept.delete(other);
      const value = load();
      kept.set(key, { at: now, value });
      // A failed read is not kept: the next request asks again.
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
      return value;
    },
    forget: () => kept.clear(),
  };
  everyKeeper.add(self as Keeper<unknown>);
  return self;
}

/** Something changed through this isolate (or a test emptied the database): no kept read outlives it. */
export function forgetKeptReads(): void {
  for (const each of everyKeeper) each.forget();
}
