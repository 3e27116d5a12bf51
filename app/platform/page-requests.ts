/**
 * The page's one request client (request-client.ts) with what it needs from the page: SPEC §7's
 * headers from the viewer the root loaded, the channel for the partner routing, the server's
 * message as a global-error (the listener toasts it), and SPEC §8's signed-out rule as events
 * (logged-out, then open-login with the code; the listener asks the app for a new token inside
 * an app, else opens our sign-in). Browser only; the root sets what it says (page-request-settings.ts) once it has its data.
 */
import { deviceIdOf } from "./device-id";
import { deviceStore } from "./device-store";
import { globalEventBus } from "./global-events";
import { pageRequestSettings } from "./page-request-settings";
import { createRequestClient, type RequestClient } from "./request-client";

let client: RequestClient | null = null;

/** SPEC §7's headers of this moment (the session itself rides on the web cookie). */
export function pageHeaders(): Record<string, string> {
  const settings = pageRequestSettings();
  const headers: Record<string, string> = { code: "WEB", deviceId: deviceIdOf(deviceStore("local")) };
  const named: [string, string | undefined][] = [
    ["lan", settings.language],
    ["cc", settings.currency],
    ["lc", settings.location],
    ["channel", settings.channel],
    ["src", settings.source],
    ["ver", settings.version],
  ];
  for (const [name, value] of named) if (value) headers[name] = value;
  return headers;
}

export function pageRequests(): RequestClient {
  client ??= createRequestClient({
    fetch: (input, init) => fetch(input, init),
    headers: pageHeaders,
    channel: () => pageRequestSettings().channel ?? null,
    toast: (message) => globalEventBus().emit("global-error", { message }),
    signedOut: (code) => {
      const bus = globalEventBus();
      bus.emit("logged-out");
      bus.emit("open-login", { reason: code });
    },
  });
  return client;
}
