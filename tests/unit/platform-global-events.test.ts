import { expect, test } from "vitest";
import { GLOBAL_EVENT_NAMES, globalEventBus, type GlobalEvents } from "../../app/platform/global-events";

test("the bus knows SPEC's nine global events by their exact names", () => {
  expect(GLOBAL_EVENT_NAMES).toEqual([
    "global-error",
    "open-login",
    "open-email-verify",
    "logged-in",
    "logged-out",
    "confirm",
    "payModalPopup",
    "open-maiL-login",
    "refreshPickupOrderDetail",
  ]);
});

test("a listener hears the event raised with its detail", () => {
  const bus = globalEventBus(new EventTarget());
  const heard: GlobalEvents["open-login"][] = [];
  bus.on("open-login", (detail) => heard.push(detail));
  bus.emit("open-login", { redirectTo: "/my-order" });
  expect(heard).toEqual([{ redirectTo: "/my-order" }]);
});

test("a listener hears only its own event", () => {
  const bus = globalEventBus(new EventTarget());
  let heard = 0;
  bus.on("logged-in", () => heard++);
  bus.emit("payModalPopup", { orderId: "o-1" });
  expect(heard).toBe(0);
});

test("a listener that stopped hears nothing more", () => {
  const bus = globalEventBus(new EventTarget());
  let heard = 0;
  const stop = bus.on("logged-out", () => heard++);
  bus.emit("logged-out");
  stop();
  bus.emit("logged-out");
  expect(heard).toBe(1);
});

test("a plain CustomEvent under a SPEC name is heard as that event", () => {
  const target = new EventTarget();
  const heard: unknown[] = [];
  globalEventBus(target).on("logged-out", (detail) => heard.push(detail));
  target.dispatchEvent(new CustomEvent("logged-out"));
  expect(heard).toEqual([undefined]);
});
