/*
 * Ovation's service worker (docs/decisions.md #127). What it keeps:
 * - hashed build files (/assets/*), cache first: they never change under one name;
 * - every page the viewer opened while online (HTML and its .data), network first, so the
 *   buyer's orders, e-tickets, vouchers, pickup codes and entry tickets (whose codes keep
 *   rotating from the page itself) open again with no signal, and so does the door scanner. These are
 *   one person's pages: they stay on this device only and are cleared on sign-out or sign-in;
 * - when a page was never opened, the offline page it draws itself: in the viewer's language,
 *   with the saved tickets listed, retrying by itself (a meta refresh, so no script and no
 *   Background Sync is needed).
 * The build stamps VERSION and WORDS (scripts/stamp-service-worker.ts).
 */
const VERSION = /*__VERSION__*/ "dev";
const WORDS = /*__WORDS__*/ null;

const ASSETS = `ovation-assets-${VERSION}`;
const PAGES = "ovation-pages-v1";
const STATE = "ovation-state-v1";
/** Pages kept at most; the oldest go first. */
const MAX_PAGES = 60;
/** Where the viewer's own tickets are: listed first on the offline page. */
const TICKET_PATHS = ["/tickets", "/e-ticket", "/pickup-ticket", "/pickup-ticket-na", "/ticket-detail", "/order-detail", "/my-order", "/pdf-download"];
/** Never kept: signing in or out, payment, consoles, the sandbox. */
const NEVER_KEPT = ["/logout", "/login", "/register", "/password", "/auth/", "/sandbox-pay", "/provider", "/support", "/dev-outbox", "/confirm-order", "/media/e-ticket/"];
/** Kept although under a path above: the door scanner works with no signal (its manifest is this device's). */
const KEPT_ANYWAY = ["/provider/scan"];
/** Visiting these clears every kept page (another account may sign in next). */
const CLEARS_PAGES = ["/logout", "/login", "/register"];

const FALLBACK_WORDS = {
  "en-US": {
    title: "You're offline",
    body: "We can't reach Ovation right now. Tickets and orders you've opened on this device are still here; we'll try again as soon as you're back online.",
    retry: "Try again",
    retrying: "Trying again automatically…",
    savedTickets: "Your saved tickets",
    noSavedTickets: "Open your e-tickets while you're online and they'll be kept on this device for the gate.",
  },
};

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("ovation-assets-") && name !== ASSETS) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Pages a screen may ask to keep as soon as it is open (the first visit's navigation came before this worker). */
const KEEP_ON_REQUEST = ["/tickets", "/provider/scan"];

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "signed-out") event.waitUntil(caches.delete(PAGES));
  if (event.data && event.data.type === "keep" && typeof event.data.path === "string") event.waitUntil(keepOnRequest(event.data.path));
});

/** Fetches and keeps a page of this origin that a screen asked for (an entry ticket, the door scanner). */
async function keepOnRequest(path) {
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin || !startsWithAny(url.pathname, KEEP_ON_REQUEST)) return;
  const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
  if (response && response.ok && response.type === "basic") await keep(new Request(url), response);
}

function startsWithAny(path, prefixes) {
  return prefixes.some((prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`) || path.startsWith(`${prefix}.data`));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    // A sign-out form post: forget this account's pages, and its notifications on this device.
    if (new URL(request.url).pathname === "/logout") event.waitUntil(Promise.all([caches.delete(PAGES), forgetPushDevice()]));
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (startsWithAny(url.pathname, CLEARS_PAGES)) {
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  // A Wallet pass downloaded from a ticket is Wallet's to keep, not a page for the offline list.
  const isPage = request.mode === "navigate" && !url.pathname.endsWith(".pkpass");
  const isPageData = url.pathname.endsWith(".data");
  if ((isPage || isPageData) && (!startsWithAny(url.pathname, NEVER_KEPT) || startsWithAny(url.pathname, KEPT_ANYWAY))) {
    event.respondWith(networkFirst(event, request, isPage));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(event, request, isPage) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      event.waitUntil(keep(request, response.clone()));
      const language = response.headers.get("content-language");
      if (isPage && language) event.waitUntil(remember("language", language));
    }
    return response;
  } catch (error) {
    // One device's, one account's pages (cleared on sign-out): a kept page answers whatever
    // language or cookie header the new request carries.
    const kept = await (await caches.open(PAGES)).match(request, { ignoreVary: true });
    if (kept) return kept;
    if (!isPage) throw error;
    return offlinePage(request);
  }
}

async function keep(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

async function remember(name, value) {
  await (await caches.open(STATE)).put(`/__state/${name}`, new Response(value));
}

async function recalled(name) {
  const kept = await (await caches.open(STATE)).match(`/__state/${name}`);
  return kept ? kept.text() : null;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** The language to speak: the address's `lang`, else the last page's, else the device's. */
async function languageFor(url) {
  const asked = url.searchParams.get("lang");
  const chosen = asked || (await recalled("language")) || (self.navigator.language || "en-US");
  return chosen.toLowerCase().startsWith("zh") ? "zh-HK" : "en-US";
}

/** Saved ticket and order pages, newest first, with the title each had. */
async function savedTickets() {
  const cache = await caches.open(PAGES);
  const saved = [];
  for (const request of (await cache.keys()).reverse()) {
    const url = new URL(request.url);
    if (url.pathname.endsWith(".data") || !startsWithAny(url.pathname, TICKET_PATHS)) continue;
    const html = await (await cache.match(request)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? url.pathname;
    saved.push({ href: url.pathname + url.search, title });
    if (saved.length >= 12) break;
  }
  return saved;
}

async function offlinePage(request) {
  const url = new URL(request.url);
  const language = await languageFor(url);
  const words = (WORDS && WORDS[language]) || FALLBACK_WORDS[language] || FALLBACK_WORDS["en-US"];
  const tickets = await savedTickets();
  const list = tickets.length
    ? `<h2>${escapeHtml(words.savedTickets)}</h2><ul>${tickets.map((t) => `<li><a href="${escapeHtml(t.href)}">${t.title}</a></li>`).join("")}</ul>`
    : `<p class="hint">${escapeHtml(words.noSavedTickets)}</p>`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta http-equiv="refresh" content="15"><meta name="robots" content="noindex">
<title>${escapeHtml(words.title)}</title><style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Helvetica Neue",Arial,"PingFang TC","Noto Sans TC",sans-serif;background:#f7f6fa;color:#1d1c21}
main{max-width:500px;margin:0 auto;padding:48px 20px;text-align:center}
.mark{width:64px;height:64px;border-radius:14px;background:#ff1d41;margin:0 auto 24px;display:grid;place-items:center;color:#fff;font-size:28px}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.5;color:#55535e}
.retry{display:inline-block;margin-top:16px;padding:12px 28px;border-radius:999px;background:#ff1d41;color:#fff;text-decoration:none;font-weight:600}
.status{font-size:13px;color:#95949e;margin-top:12px}
h2{font-size:16px;margin:32px 0 8px;text-align:left}ul{list-style:none;padding:0;margin:0;text-align:left}
li a{display:block;padding:14px 16px;margin-bottom:8px;background:#fff;border-radius:12px;color:#1d1c21;text-decoration:none;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.hint{font-size:14px;margin-top:24px}
</style></head><body><main data-offline-page="true">
<div class="mark" aria-hidden="true"><svg viewBox="0 0 48 48" width="36" height="36" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"><path d="M6 18a26 26 0 0 1 36 0M12 25a17 17 0 0 1 24 0M18 32a8 8 0 0 1 12 0"/><circle cx="24" cy="38" r="1.5"/><path d="m8 8 32 32"/></svg></div>
<h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.body)}</p>
<a class="retry" href="${escapeHtml(url.pathname + url.search)}">${escapeHtml(words.retry)}</a>
<p class="status" role="status">${escapeHtml(words.retrying)}</p>
${list}</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // Drawn here, not by the Worker: the same policy, and no script at all.
      "content-security-policy": "default-src 'self'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    },
  });
}

/*
 * Web push (docs/decisions.md 307). A payload is declarative web push's JSON
 * ({ web_push: 8030, notification: { title, body, navigate, lang, dir, tag } }): Safari 18.4+
 * shows it with no script, and here the worker shows the same notification elsewhere. A tap
 * opens the screen it names, on this origin only (a push can never send the viewer elsewhere),
 * in the app's window when one is open.
 */
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const notification = message && message.notification;
  if (!notification || typeof notification.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: typeof notification.body === "string" ? notification.body : "",
      lang: notification.lang,
      dir: "ltr",
      tag: notification.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { navigate: notification.navigate },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openScreen(ownPath(event.notification.data && event.notification.data.navigate)));
});

/** The address a notification opens: its path, query and fragment on this origin; home when it names none. */
function ownPath(navigate) {
  try {
    const url = new URL(navigate, self.location.origin);
    return new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

/** Shows `url` in a window of the app that is already open (focused), or opens one. */
async function openScreen(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) || windows[0];
  if (open) {
    const shown = open.url === url ? open : await open.navigate(url).catch(() => null);
    if (shown) {
      await shown.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}

/**
 * Signing out ends this device's notifications: the account's news must not reach whoever uses
 * the browser next. The server forgets the device, and the push service its subscription.
 */
async function forgetPushDevice() {
  const subscription = await self.registration.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  const { endpoint, keys } = subscription.toJSON();
  await fetch("/user/notification/v1/push/unsubscribe", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ endpoint, auth: keys && keys.auth }),
  }).catch(() => null);
  await subscription.unsubscribe().catch(() => false);
}

