import { expect, test } from "vitest";
import { createDeviceId, deviceIdOf, DEVICE_ID_KEY, isDeviceId } from "../../app/platform/device-id";
import { memoryStore, refusingStore } from "./support/device-stores";

test("a device id is 32 random hex digits then the time it was made", () => {
  const id = createDeviceId(1_763_800_000_000, (bytes) => bytes.fill(0xab));
  expect(id).toBe(`${"ab".repeat(16)}-1763800000000`);
  expect(isDeviceId(id)).toBe(true);
});

test("two new device ids differ", () => {
  expect(createDeviceId()).not.toBe(createDeviceId());
});

test("the first visit makes a device id and keeps it in localStorage", () => {
  const store = memoryStore();
  const id = deviceIdOf(store);
  expect(isDeviceId(id)).toBe(true);
  expect(store.items.get(DEVICE_ID_KEY)).toBe(id);
});

test("a later visit reuses the kept device id", () => {
  const kept = createDeviceId(1_700_000_000_000);
  expect(deviceIdOf(memoryStore({ [DEVICE_ID_KEY]: kept }))).toBe(kept);
});

test("a damaged kept device id is replaced", () => {
  const store = memoryStore({ [DEVICE_ID_KEY]: "not-an-id" });
  const id = deviceIdOf(store);
  expect(id).not.toBe("not-an-id");
  expect(store.items.get(DEVICE_ID_KEY)).toBe(id);
});

test("where storage is refused the device id still holds for the whole page", () => {
  const store = refusingStore();
  const first = deviceIdOf(store);
  expect(isDeviceId(first)).toBe(true);
  expect(deviceIdOf(store)).toBe(first);
});
