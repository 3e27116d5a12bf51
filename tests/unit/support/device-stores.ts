/** Stand-ins for the browser's storage: one that keeps, one that refuses like Safari's private mode. */
import type { DeviceStore } from "../../../app/platform/device-store";

export function memoryStore(initial: Record<string, string> = {}): DeviceStore & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

export function refusingStore(): DeviceStore {
  const refuse = () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}
