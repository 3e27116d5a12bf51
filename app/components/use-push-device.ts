/**
 * What this browser can do about notifications, and its subscription, once the page is on the
 * glass (the server cannot know: both are the browser's). The web-push module is fetched here,
 * so screens that only might offer push do not carry it.
 */
import { useEffect, useState } from "react";
import type { PushAvailability } from "~/platform/web-push";

export type WebPush = typeof import("~/platform/web-push");

export type PushDevice = { checked: false } | { checked: true; availability: PushAvailability; subscription: PushSubscription | null; push: WebPush };

export function usePushDevice(): PushDevice {
  const [device, setDevice] = useState<PushDevice>({ checked: false });
  useEffect(() => {
    let live = true;
    void (async () => {
      const push = await import("~/platform/web-push");
      const availability = push.pushAvailability();
      const subscription = availability === "ready" ? await push.currentSubscription() : null;
      if (live) setDevice({ checked: true, availability, subscription, push });
    })();
    return () => {
      live = false;
    };
  }, []);
  return device;
}
