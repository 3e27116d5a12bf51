/**
 * The device id (SPEC §3): a random id plus the time it was made, kept in localStorage so every
 * visit from this browser sends the same one (the API's `deviceId` header). Where storage is
 * refused the id lasts as long as the page.
 */
import { readItem, writeItem, type DeviceStore } from "./device-store";

export const DEVICE_ID_KEY = "deviceId";

/** 32 hex digits of randomness, a hyphen, the creation time in epoch ms. */
const DEVICE_ID = /^[0-9a-f]{32}-\d{13}$/;

let pageDeviceId: string | null = null;

export function isDeviceId(value: unknown): value is string {
  return typeof value === "string" && DEVICE_ID.test(value);
}

/** A new device id: 16 random bytes in hex, then `now` in epoch ms. */
export function createDeviceId(now: number = Date.now(), random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const hex = Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex}-${now}`;
}

/** This device's id: the stored one, else a new one, kept for next time. */
export function deviceIdOf(store: DeviceStore | null, create: () => string = createDeviceId): string {
  const stored = readItem(store, DEVICE_ID_KEY);
  if (isDeviceId(stored)) return stored;
  const id = pageDeviceId ?? create();
  if (!writeItem(store, DEVICE_ID_KEY, id)) pageDeviceId = id;
  return id;
}
