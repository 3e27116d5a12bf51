/**
 * A far primary, simulated (docs/decisions.md 271): the same bundle served twice, once with D1's
 * primary next door and once BENCH_FAR_PRIMARY_MS (80) away, with the nearby copy next door in
 * both (far-primary-worker.ts makes the difference). For each journey page, as a phone browser
 * that has been here before (its cookies kept, scripts known to run): time to first byte
 * (median and p90 of BENCH_FAR_PRIMARY_REQUESTS sequential requests after a warm-up) and time to
 * the largest contentful paint in Chromium (390×844, median of 3), on both servers, and what the
 * far primary added. Placing an order (POST /user/order/v1/create) is timed the same way.
 * Each answer says how many of its D1 round trips before its headers went to the primary and why,
 * so a page that gains more than the goal names the statements it waited on.
 *
 * Goal: the signed-out catalog pages and the signed-in Me, My orders and order detail gain under
 * 20 ms of first byte; placing an order pays for its own round trips to the primary only.
 */
import { performance } from "node:perf_hooks";
import { chromium, type Browser } from "@playwright/test";
import { chromiumPath } from "../e2e/support/chromium";
import { CONTACT, SESSION_COOKIE, data, findListings, registerBuyers, type ListingRow } from "./contention";
import { BROWSER_HEADERS, fetchOnce, percentiles } from "./load";
import type { RunningServer } from "./serve";

/** A browser that has run the app before streams deferred data (decision 262). */
const SCRIPTS_COOKIE = "runs_scripts";
/**
 * A cookie the app ignores and the edge's kept catalog pages do not take (decision 150): with it,
 * every request renders, as the first visitor's after a kept copy has gone stale does.
 */
const RENDER_COOKIE = "bench_render";
const GOAL_MS = 20;
const LCP_RUNS = 3;
const ORDERS_TIMED = 5;
/** Placing an order's own round trips to the primary: the read that decides, the batch that writes. */
const ORDER_TRIPS = 2;

export interface FarPrimarySettings {
  delayMs: number;
  requests: number;
}

interface PageFigures {
  ttfbMs: { p50: number; p90: number };
  lcpMs: number | null;
  /** The LCP element's tag (and class), from the median run. */
  lcpElement: string | null;
  status: number;
  /** D1 round trips before the headers, from the median request: to the primary, to the nearby copy. */
  primaryTrips: number;
  nearbyTrips: number;
  /** Why each primary trip went there, and the start of its SQL. */
  primaryWhy: string;
}

export interface FarPrimaryPage {
  name: string;
  path: string;
  signedIn: boolean;
  /** Rendered on every request, past the edge's kept copy of a catalog page. */
  rendered?: boolean;
  /** Held to the goal (the catalog and the signed-in pages the issue names). */
  goal: boolean;
  near?: PageFigures;
  far?: PageFigures;
  gainTtfbMs?: number;
  gainLcpMs?: number | null;
  error?: string;
}

interface OrderFigures {
  p50Ms: number;
  primaryTrips: number;
  nearbyTrips: number;
  primaryWhy: string;
  placed: number;
}

export interface FarPrimaryResult {
  settings: FarPrimarySettings;
  pages: FarPrimaryPage[];
  placeOrder?: { near?: OrderFigures; far?: OrderFigures; gainMs?: number; error?: string };
  notes: string[];
  error?: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Cookies as a browser keeps them between requests: the session's assertion arrives on the first answer (decision 268). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string>) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(setCookie: string | string[] | undefined): void {
    for (const line of typeof setCookie === "string" ? [setCookie] : (setCookie ?? [])) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

interface Answer {
  status: number;
  ttfbMs: number;
  primaryTrips: number;
  nearbyTrips: number;
  primaryWhy: string;
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
};

async function visit(url: string, jar: CookieJar): Promise<Answer> {
  const answer = await fetchOnce({ url, headers: { ...BROWSER_HEADERS, cookie: jar.header() } });
  jar.take(answer.headers["set-cookie"]);
  return {
    status: answer.status,
    ttfbMs: answer.ttfbMs,
    primaryTrips: Number(headerOf(answer.headers, "x-bench-primary-trips") || NaN),
    nearbyTrips: Number(headerOf(answer.headers, "x-bench-nearby-trips") || NaN),
    primaryWhy: headerOf(answer.headers, "x-bench-primary-why"),
  };
}

interface Visitor {
  /** The buyer's session, when signed in. */
  token: string | null;
  rendered: boolean;
}

/** The cookies a returning browser carries: the scripts sign, and the session when signed in. */
function cookiesFor({ token, rendered }: Visitor): Record<string, string> {
  return { [SCRIPTS_COOKIE]: "1", ...(token ? { [SESSION_COOKIE]: token } : {}), ...(rendered ? { [RENDER_COOKIE]: "1" } : {}) };
}

/** Time to first byte: two warm-up requests (the second carries the assertion the first set), then `requests` in a row. */
async function firstByte(origin: string, path: string, visitor: Visitor, requests: number) {
  const jar = new CookieJar(cookiesFor(visitor));
  for (let warm = 0; warm < 2; warm++) await visit(`${origin}${path}`, jar);
  const answers: Answer[] = [];
  for (let index = 0; index < requests; index++) answers.push(await visit(`${origin}${path}`, jar));
  const ttfb = percentiles(answers.map((answer) => answer.ttfbMs));
  const middle = [...answers].sort((a, b) => a.ttfbMs - b.ttfbMs)[Math.floor(answers.length / 2)];
  return { ttfbMs: { p50: ttfb.p50, p90: ttfb.p90 }, status: middle.status, primaryTrips: middle.primaryTrips, nearbyTrips: middle.nearbyTrips, primaryWhy: middle.primaryWhy };
}

/** The largest contentful paint of a visit, from navigation start, and its element. */
async function largestPaint(browser: Browser, origin: string, path: string, visitor: Visitor): Promise<{ lcpMs: number | null; lcpElement: string | null }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: BROWSER_HEADERS["user-agent"], locale: "en-US" });
  const host = new URL(origin).hostname;
  await context.addCookies(
    Object.entries(cookiesFor(visitor)).map(([name, value]) =>
      name === SESSION_COOKIE ? { name, value, domain: host, path: "/", secure: true, httpOnly: true, sameSite: "Lax" as const } : { name, value, url: origin },
    ),
  );
  try {
    const page = await context.newPage();
    const runs: { lcpMs: number | null; lcpElement: string | null }[] = [];
    // The first visit fills the browser's cache and cookies, as a returning buyer's are.
    for (let run = 0; run <= LCP_RUNS; run++) {
      await page.goto(`${origin}${path}`, { waitUntil: "load" });
      const measured = await page.evaluate(
        () =>
          new Promise<{ lcpMs: number | null; lcpElement: string | null }>((resolve) => {
            let last: { lcpMs: number | null; lcpElement: string | null } = { lcpMs: null, lcpElement: null };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
                const element = entry.element;
                const label = element ? `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(/\s+/)[0]}` : ""}` : null;
                last = { lcpMs: entry.startTime, lcpElement: label };
              }
            }).observe({ type: "largest-contentful-paint", buffered: true });
            // Buffered entries arrive on the observer's next turn; a paint after load is late by then.
            setTimeout(() => resolve(last), 300);
          }),
      );
      if (run > 0) runs.push(measured);
    }
    const painted = runs.filter((run) => run.lcpMs !== null).sort((a, b) => a.lcpMs! - b.lcpMs!);
    return painted.length > 0 ? painted[Math.floor(painted.length / 2)] : { lcpMs: null, lcpElement: null };
  } finally {
    await context.close();
  }
}

interface Buyer {
  token: string;
  orderId: number;
  listing: ListingRow;
}

/** A fresh buyer with a paid order, through the public API and the sandbox provider's page. */
async function buyerWithPaidOrder(origin: string, listing: ListingRow, tag: string): Promise<Buyer> {
  const [token] = await registerBuyers(origin, 1, tag, 1);
  const order = await data<{ id: number }>(origin, "/user/order/v1/create", { body: { listingId: listing.listingId, quantity: 1, ...CONTACT }, token });
  const started = await data<{ redirectUrl: string | null }>(origin, "/user/order/v1/pay", { body: { orderId: order.id }, token });
  if (!started.redirectUrl) throw new Error("the sandbox payment gave no page to approve on");
  const approve = await fetch(new URL(started.redirectUrl, origin), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: "intent=approve",
    redirect: "manual",
  });
  if (approve.status >= 400) throw new Error(`approving the sandbox payment answered HTTP ${approve.status}`);
  const detail = await data<{ status?: string; state?: string }>(origin, `/user/order/v1/detail?orderId=${order.id}`, { token });
  const state = detail.status ?? detail.state;
  if (state && /unpaid|pending/i.test(state)) throw new Error(`the order is still ${state} after the sandbox approved it`);
  return { token, orderId: order.id, listing };
}

/** Places `ORDERS_TIMED` orders (after one untimed), each by a fresh buyer: time to the answer, trips from its headers. */
async function placeOrders(origin: string, listing: ListingRow, tag: string): Promise<OrderFigures> {
  const tokens = await registerBuyers(origin, ORDERS_TIMED + 1, tag, 2);
  const timed: Answer[] = [];
  let placed = 0;
  for (const [index, token] of tokens.entries()) {
    const sent = performance.now();
    const response = await fetch(`${origin}/user/order/v1/create`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", "access-token": token },
      body: JSON.stringify({ listingId: listing.listingId, quantity: 1, ...CONTACT }),
    });
    const answer = (await response.json()) as { statusCode: number };
    const ms = performance.now() - sent;
    if (answer.statusCode === 200) placed += 1;
    if (index === 0) continue;
    timed.push({
      status: answer.statusCode,
      ttfbMs: ms,
      primaryTrips: Number(response.headers.get("x-bench-primary-trips") ?? NaN),
      nearbyTrips: Number(response.headers.get("x-bench-nearby-trips") ?? NaN),
      primaryWhy: response.headers.get("x-bench-primary-why") ?? "",
    });
  }
  const middle = [...timed].sort((a, b) => a.ttfbMs - b.ttfbMs)[Math.floor(timed.length / 2)];
  return { p50Ms: middle.ttfbMs, primaryTrips: middle.primaryTrips, nearbyTrips: middle.nearbyTrips, primaryWhy: middle.primaryWhy, placed };
}

/** The listing both servers' buyers take: an on-sale e-ticket one (no address) that sells one ticket, with the most left. */
async function listingOf(origin: string): Promise<ListingRow> {
  const found = (await findListings(origin, 30, 4)).filter((row) => row.deliveryMethod === "E_TICKET" && row.quantities.includes(1));
  const listing = found.sort((a, b) => b.ticketsLeft - a.ticketsLeft || a.listingId - b.listingId)[0];
  if (!listing) throw new Error("no on-sale e-ticket listing selling one ticket");
  if (listing.ticketsLeft < ORDERS_TIMED + 2) throw new Error(`listing #${listing.listingId} has ${listing.ticketsLeft} tickets left, fewer than the orders to place`);
  return listing;
}

/**
 * Runs the comparison. `start(ms)` serves the bundle with the primary that far (on its own copy
 * of the seeded database); both servers are stopped before it returns.
 */
export async function farPrimaryBench(start: (delayMs: number) => Promise<RunningServer>, settings: FarPrimarySettings): Promise<FarPrimaryResult> {
  const result: FarPrimaryResult = { settings, pages: [], notes: [] };
  const servers: RunningServer[] = [];
  let browser: Browser | undefined;
  try {
    const near = await start(0);
    servers.push(near);
    const far = await start(settings.delayMs);
    servers.push(far);
    const tag = `far-${Date.now().toString(36)}`;
    const setUp = async (server: RunningServer, side: string) => {
      const listing = await listingOf(server.url);
      return { listing, buyer: await buyerWithPaidOrder(server.url, listing, `${tag}-${side}`) };
    };
    const sides = { near: await setUp(near, "near"), far: await setUp(far, "far") };
    const tour = near.tourId === null ? null : `/tourDetail?id=${encodeURIComponent(near.tourId)}`;
    const pickSeat = `/pick-seat?sessionId=${sides.near.listing.sessionId}&quantity=1`;
    const pages: Omit<FarPrimaryPage, "signedIn">[] = [
      { name: "home", path: "/", goal: true },
      { name: "show list", path: "/show-list", goal: true },
      tour ? { name: "tour detail", path: tour, goal: true } : { name: "tour detail", path: "/tourDetail", goal: true, error: near.tourNote ?? "no tour" },
      { name: "pick-seat", path: pickSeat, goal: true },
    ];
    const signedIn: Omit<FarPrimaryPage, "signedIn">[] = [
      { name: "Me", path: "/mine", goal: true },
      { name: "My orders", path: "/my-order", goal: true },
      // The order's id on each server: both start from the same seed, but nothing promises the same id.
      { name: "order detail", path: "/order-detail?id=", goal: true },
    ];
    // The kept catalog pages again, rendered: what their data path costs when no kept copy answers.
    const kept = (page: (typeof pages)[number]) => ["home", "show list", "tour detail"].includes(page.name);
    result.pages = pages.flatMap((page) => (kept(page) ? [page, { ...page, name: `${page.name}, rendered`, rendered: true }] : [page])).map((page) => ({ ...page, signedIn: false }));
    result.pages.push(...signedIn.map((page) => ({ ...page, signedIn: true })));

    browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu"] });
    for (const page of result.pages.filter((row) => !row.error)) {
      try {
        // The two servers one after the other per page, so a change in the machine's load falls on both.
        for (const [side, server] of [["near", near], ["far", far]] as const) {
          const { buyer } = sides[side];
          const path = page.path.endsWith("id=") ? `${page.path}${buyer.orderId}` : page.path;
          const visitor = { token: page.signedIn ? buyer.token : null, rendered: page.rendered === true };
          const bytes = await firstByte(server.url, path, visitor, settings.requests);
          const paint = await largestPaint(browser, server.url, path, visitor);
          page[side] = { ...bytes, ...paint };
        }
        page.gainTtfbMs = page.far!.ttfbMs.p50 - page.near!.ttfbMs.p50;
        page.gainLcpMs = page.far!.lcpMs === null || page.near!.lcpMs === null ? null : page.far!.lcpMs - page.near!.lcpMs;
        if (page.near!.status >= 400) page.error = `answers HTTP ${page.near!.status}`;
      } catch (error) {
        page.error = messageOf(error);
      }
    }

    result.placeOrder = {};
    try {
      result.placeOrder.near = await placeOrders(near.url, sides.near.listing, `${tag}-near-orders`);
      result.placeOrder.far = await placeOrders(far.url, sides.far.listing, `${tag}-far-orders`);
      result.placeOrder.gainMs = result.placeOrder.far.p50Ms - result.placeOrder.near.p50Ms;
    } catch (error) {
      result.placeOrder.error = messageOf(error);
    }
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    result.error = `${messageOf(error)}${cause}`;
  } finally {
    await browser?.close().catch(() => undefined);
    for (const server of servers) await server.stop();
  }
  return result;
}

const fixed = (value: number | null | undefined, digits = 0) => (value === null || value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits));
const signed = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? "—" : `${value >= 0 ? "+" : ""}${value.toFixed(0)}`);

/** The report's lines: one table of both servers, a verdict per page, and the trips that explain a miss. */
export function farPrimaryReport(result: FarPrimaryResult): string[] {
  const { delayMs, requests } = result.settings;
  const out = [
    `A far primary, simulated — ${delayMs} ms added to every D1 round trip that reaches the primary, none to the nearby copy;`,
    `  a returning phone browser (cookies kept, scripts known to run); first byte: median/p90 of ${requests} requests in a row after 2; LCP: Chromium 390×844, median of ${LCP_RUNS}`,
    "",
  ];
  const header = ["page", "TTFB near p50/p90", `TTFB +${delayMs} p50/p90`, "gain", "LCP near", `LCP +${delayMs}`, "gain", "primary trips", "verdict"];
  const lines = result.pages.map((page) => {
    const label = `${page.name}${page.signedIn ? " (signed in)" : ""}`;
    if (page.error || !page.near || !page.far) return [label, "ERROR", "", "", "", "", "", "", page.error ?? "not measured"];
    // The delay falls on primary trips only: without one, a gain is the machine's, not the primary's.
    const verdict = !page.goal ? "" : page.gainTtfbMs! < GOAL_MS ? `OK (< ${GOAL_MS} ms)` : page.far.primaryTrips === 0 ? "OK (no primary trip: noise)" : `MISSES ${GOAL_MS} ms`;
    return [
      label,
      `${fixed(page.near.ttfbMs.p50, 1)} / ${fixed(page.near.ttfbMs.p90, 1)}`,
      `${fixed(page.far.ttfbMs.p50, 1)} / ${fixed(page.far.ttfbMs.p90, 1)}`,
      signed(page.gainTtfbMs),
      fixed(page.near.lcpMs),
      fixed(page.far.lcpMs),
      signed(page.gainLcpMs),
      `${fixed(page.far.primaryTrips)} (+${fixed(page.far.nearbyTrips)} near)`,
      verdict,
    ];
  });
  const order = result.placeOrder;
  if (order?.near && order.far) {
    const own = order.far.primaryTrips;
    lines.push([
      "place an order (API create)",
      fixed(order.near.p50Ms, 1),
      fixed(order.far.p50Ms, 1),
      signed(order.gainMs),
      "",
      "",
      "",
      `${fixed(own)} (+${fixed(order.far.nearbyTrips)} near)`,
      own <= ORDER_TRIPS && order.far.primaryTrips * delayMs + GOAL_MS > (order.gainMs ?? Infinity)
        ? `OK (its ${own} trips: ${own * delayMs} ms)`
        : `MISSES: ${own} trips for ${ORDER_TRIPS}`,
    ]);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  out.push(format(header), widths.map((width) => "─".repeat(width)).join("  "), ...lines.map(format), "");
  out.push("  ms; gain: with the far primary less without it (p50); primary trips: D1 round trips before the headers that reached the primary, on the far server's median answer.");
  out.push("  home, show list and tour detail are answered from the edge's kept copy (10 s) when one is fresh (0 trips); ', rendered' carries a cookie the kept pages do not take.");
  if (order?.error) out.push(`  placing an order could not be timed: ${order.error}`);
  if (order?.near && order.far) out.push(`  place an order: median of ${ORDERS_TIMED} fresh buyers' create calls after one; ${order.near.placed + order.far.placed} placed.`);
  const explained = [...result.pages.filter((page) => page.far && page.far.primaryTrips > 0).map((page) => [page.name, page.far!.primaryWhy] as const)];
  if (order?.far && order.far.primaryTrips > 0) explained.push(["place an order", order.far.primaryWhy]);
  if (explained.length > 0) {
    out.push("  What went to the primary before the headers:");
    for (const [name, why] of explained) out.push(`    ${name}: ${why.split(" | ").join("\n" + " ".repeat(name.length + 6))}`);
  }
  if (result.error) out.push(`  the far-primary comparison could not finish: ${result.error}`);
  for (const note of result.notes) out.push(`  note: ${note}`);
  return out;
}
