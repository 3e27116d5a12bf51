/**
 * Web push in the browser: whether this device can be told things, and turning it on or off.
 * Loaded when a screen needs it (the offer's button, the notifications page), never at start-up.
 *
 * iPhones and iPads take push only in a web app added to the Home Screen (iOS 16.4+): in Safari
 * itself there is no PushManager, and the screens explain how to add Ovation instead.
 */

/** What this device can do about notifications. */
export type PushAvailability = "unsupported" | "install" | "denied" | "ready";

export interface DeviceFields {
  endpoint: string;
  p256dh: string;
  auth: string;
}

function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
}

function isHomeScreenApp(): boolean {
  return matchMedia("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function pushAvailability(): PushAvailability {
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!capable) return isAppleMobile() && !isHomeScreenApp() ? "install" : "unsupported";
  if (Notification.permission === "denied") return "denied";
  return "ready";
}

/** This device's subscription, or null when it has none (or cannot have one, or the service worker is not there yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() !== "ready") return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** How long turning push on waits for the service worker before it says it could not. */
const WORKER_WAIT_MS = 10_000;

/** The service worker's registration once it is active; rejects when it never comes (blocked, failed). */
function activeWorker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no service worker")), WORKER_WAIT_MS)),
  ]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Asks the person (this must run from their tap) and subscribes the device to `publicKey`.
 * Null when they declined.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription | null> {
  if ((await Notification.requestPermission()) !== "granted") return null;
  const registration = await activeWorker();
  const kept = await registration.pushManager.getSubscription();
  return kept ?? registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/** The fields the server keeps of a subscription. */
export function deviceFields(subscription: PushSubscription): DeviceFields {
  const { endpoint, keys } = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

/** The device's IANA time zone, in which its quiet hours are kept. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
