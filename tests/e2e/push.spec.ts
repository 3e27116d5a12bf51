/**
 * Web push in Chromium: a buyer turns notifications on from the settings page (the browser's
 * permission granted, the subscription made at the push service double instead of Google's,
 * which this machine cannot reach), chooses topics, and when the seller marks their tickets ready
 * the push the Worker sent (decrypted by the double) reaches the service worker, which shows it;
 * a tap on it opens the order.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { E2E_PORT } from "./playwright.config";
import { buyTwo, pickupTimeAhead, providerDesk, providerListing } from "./support/delivery";
import { expect, test } from "./support/fixtures";
import { pushServicePort } from "./support/push-service";

const DOUBLE = `http://127.0.0.1:${pushServicePort(E2E_PORT)}/double`;

interface DoubleDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Chromium's own subscribe goes to Google's push service; here the page's PushManager hands out
 * the double's subscription instead (kept for the tab, as a browser keeps its one subscription).
 */
async function subscribeAtDouble(page: Page, device: DoubleDevice) {
  await page.addInitScript((made: DoubleDevice) => {
    const subscription = () => ({
      endpoint: made.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
      unsubscribe: async () => (sessionStorage.removeItem("double-subscribed"), true),
    });
    PushManager.prototype.subscribe = async function () {
      sessionStorage.setItem("double-subscribed", "1");
      return subscription() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (sessionStorage.getItem("double-subscribed") ? subscription() : null) as unknown as PushSubscription | null;
    };
  }, device);
}

/** Hands a push to the page's service worker as the browser does when one arrives. */
async function deliverToServiceWorker(context: BrowserContext, page: Page, payload: unknown) {
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => registrations[0] && resolve(registrations[0].registrationId)));
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(page.url()).origin, registrationId, data: JSON.stringify(payload) });
}

test.describe("web push in en-US", () => {
  test.use({ serviceWorkers: "allow" });
  test.describe.configure({ timeout: 120_000 });

  test("a buyer turns notifications on, keeps order news, and the 'ready for pickup' notification opens the order", async ({ page, context, playwright, baseURL }) => {
    const device = (await (await page.request.post(`${DOUBLE}/__subscribe`)).json()) as DoubleDevice;
    const deviceId = device.endpoint.split("/").at(-1);
    await subscribeAtDouble(page, device);
    const orderId = await buyTwo(page, "en-US", await providerListing(page.request, "SELF_PICKUP"));
    await context.grantPermissions(["notifications"]);

    await page.goto("/settings/notifications");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
    const messages = page.getByRole("switch", { name: /^Messages/ });
    await expect(messages).toBeChecked();
    await messages.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Notification settings saved")).toBeVisible();
    await page.screenshot({ path: "../../test-results/push-settings-en-US.png", fullPage: true });

    const desk = await providerDesk(playwright, baseURL!);
    const details = { at: pickupTimeAhead(), location: "Counter 3, Harbour Arena", remark: "Bring your ID", providerPhone: "+852 6000 0000" };
    expect((await desk.step("pickup/details", orderId, details)).statusCode).toBe(200);
    expect((await desk.step("pickup/ready", orderId)).statusCode).toBe(200);
    await desk.close();
    await expect.poll(async () => ((await (await page.request.get(`${DOUBLE}/__received/${deviceId}`)).json()) as unknown[]).length).toBe(1);
    const [push] = (await (await page.request.get(`${DOUBLE}/__received/${deviceId}`)).json()) as { payload: { notification: { title: string; body: string } } }[];
    expect(push.payload.notification.title).toBe("Ready for pickup");

    await deliverToServiceWorker(context, page, push.payload);
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title));
    await expect.poll(shown).toEqual(["Ready for pickup"]);

    // A tap on the notification: the worker's click handler, given the notification shown.
    const [worker] = context.serviceWorkers();
    await worker.evaluate(async () => {
      type WorkerScope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/order-detail\\?id=${orderId}$`));
  });
});
