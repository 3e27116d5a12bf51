/**
 * The device's storage as the platform modules use it. localStorage and sessionStorage can be
 * missing (the server), or refuse (private mode, storage blocked, quota full), and none of that
 * may break a page: reads then give null and writes are simply lost.
 */

/** The part of the Web Storage API the platform modules need. */
export type DeviceStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** localStorage (kept across visits) or sessionStorage (this tab only), or null when the browser refuses it. */
export function deviceStore(kind: "local" | "session"): DeviceStore | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(store: DeviceStore | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** True when the value was kept. */
export function writeItem(store: DeviceStore | null, key: string, value: string): boolean {
  if (!store) return false;
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
