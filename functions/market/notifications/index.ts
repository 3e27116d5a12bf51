/**
 * Web push: the devices that allowed notifications (subscriptions.ts), the events that tell them
 * (notify.ts, called by each event's producer), and the sending (deliver.ts). Mail stays what it
 * was: push is told beside it, never instead, so a buyer who declines push misses nothing.
 */
export * from "./rules";
export * from "./schemas";
export * from "./quiet-hours";
export { deviceOf, deviceSettings, parsedDevice, forgetDevice, saveDeviceSettings, subscribeDevice, type PushSettings, type PushSubscriptionRow } from "./subscriptions";
export { notify, type PushEvent, type DeclarativePush } from "./notify";
export { sendDeliveries, sendDuePush } from "./deliver";
