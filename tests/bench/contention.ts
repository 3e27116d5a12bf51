/**
 * Purchase contention: many buyers placing orders at the same moment, against the server the
 * SSR bench just measured and its seeded database, through the public API only.
 *
 *   A "one listing":   every buyer races for 1–2 tickets of ONE listing (split rule any).
 *   B "many listings": the buyers spread over ~100 listings, a few buyers per listing.
 *
 * Every buyer is a fresh account (silent channel registration, allowed outside production) and
 * places one order per scenario, so the unpaid-order limits never refuse anyone. Per scenario:
 * orders placed per second, p50/p99 latency of POST /user/order/v1/create, placed vs 'sold'
 * refusals, and the oversold count: tickets taken by placed orders beyond what each listing had
 * left when the scenario began, summed over listings. The count is checked twice, from the
 * create answers and by reading each listing's availability back afterwards. It must be 0; a
 * figure is reported, never a failure. Each scenario also reports the CPU the load generator and
 * the server used while it ran, so a saturated generator is seen rather than guessed.
 */
import { performance } from "node:perf_hooks";
import { percentiles, type Percentiles } from "./load";
import { cpuSecondsOfTree } from "./serve";
import { ADDRESS, CONTACT } from "../support/buyer-details";

const CODE_OK = 200;
const CODE_SOLD = 610011; // orderInventoryNotEnough
const CODE_SPLIT = 610014; // orderQuantityNotAllowed
/** Names for the refusals a buyer can meet here, for the report. */
const CODE_NAMES: Record<string, string> = {
  [CODE_SPLIT]: "split rule",
  "610001": "not on sale",
  "610012": "unpaid same session",
  "610013": "unpaid too many",
  "700020": "unknown",
};

export interface ContentionSettings {
  buyers: number;
  connections: number;
  listings: number;
}

export interface ScenarioResult {
  name: string;
  listings: number;
  buyers: number;
  /** Tickets left across the scenario's listings when it began. */
  ticketsAtStart: number;
  placed: number;
  ticketsTaken: number;
  sold: number;
  /** Refusals other than 'sold', by API status code (or HTTP error). */
  otherRefusals: Record<string, number>;
  seconds: number;
  /** Placed orders per second of the scenario's wall time. */
  placedPerSecond: number;
  /** Create calls answered per second. */
  attemptsPerSecond: number;
  latencyMs: Percentiles;
  /** Σ max(0, taken − left at start) over listings, from the create answers. */
  oversold: number;
  /** The same, from availability read back after the scenario; null when unreadable. */
  oversoldReadBack: number | null;
  /** Listings whose read-back availability disagrees with start − taken. */
  readBackMismatches: string[];
  /** Cores' worth of CPU this load generator used during the create calls (1 = one core saturated). */
  clientCpuShare: number;
  /** The same for the server (its Node and workerd); null when not measurable. */
  serverCpuShare: number | null;
  /** Server CPU per create call, ms. */
  serverCpuMsPerCall: number | null;
}

export interface ContentionResult {
  settings: ContentionSettings;
  setupSeconds: number;
  scenarios: ScenarioResult[];
  notes: string[];
  error?: string;
}

interface Envelope<T = unknown> {
  statusCode: number;
  message: string;
  data: T;
}

export interface ListingRow {
  listingId: number;
  sessionId: number;
  splitRule: string;
  ticketsLeft: number;
  quantities: number[];
  deliveryMethod: string;
}

export { CONTACT };

async function call<T>(
  origin: string,
  path: string,
  init: { body?: unknown; token?: string } = {}
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers["access-token"] = init.token;
  const request = () =>
    fetch(`${origin}${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  // A kept-alive connection the server has just closed resets the next request on it; a read
  // (GET) is safe to ask again, a write is not.
  const response = await request().catch((error: unknown) => {
    const reset = error instanceof Error && error.cause instanceof Error && /ECONNRESET|other side closed/.test(error.cause.message);
    if (reset && init.body === undefined) return request();
    throw error;
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(
      `HTTP ${response.status} from ${path}: ${text.slice(0, 120)}`
    );
  }
}

export async function data<T>(
  origin: string,
  path: string,
  init?: { body?: unknown; token?: string }
): Promise<T> {
  const answer = await call<T>(origin, path, init);
  if (answer.statusCode !== CODE_OK)
    throw new Error(`${path} answered ${answer.statusCode} ${answer.message}`);
  return answer.data;
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
async function pool<I, O>(
  items: I[],
  limit: number,
  work: (item: I, index: number) => Promise<O>
): Promise<O[]> {
  const results = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, worker)
  );
  return results;
}

/** The session cookie a signed-in browser carries; its value is the access token registerBuyers gives. */
export const SESSION_COOKIE = "__Host-ovation_session";

/** Fresh buyers and their access tokens, by the embedded channels' silent registration. */
export async function registerBuyers(
  origin: string,
  count: number,
  tag: string,
  connections: number
): Promise<string[]> {
  return pool(
    Array.from({ length: count }, (_, index) => index),
    connections,
    async (index) => {
      const signedIn = await data<{ accessToken: string }>(
        origin,
        "/user/v1/registry",
        {
          body: {
            email: `bench-${tag}-${index}@example.com`,
            channel: "MTL_LAUNCH",
            nickName: `Bench ${index}`,
          },
        }
      );
      return signedIn.accessToken;
    }
  );
}

/** ONSALE sessions' listings that still have tickets, found as a buyer finds them. */
export async function findListings(
  origin: string,
  wanted: number,
  connections: number
): Promise<ListingRow[]> {
  const tours = await data<{ list: { id: number }[] }>(
    origin,
    "/pub/tour/v1/list?pageSize=50"
  );
  const details = await pool(tours.list, connections, (tour) =>
    data<{
      upcoming?: { sessions: { sessionId: number; status: string }[] }[];
    }>(origin, `/pub/tour/v1/detail?id=${tour.id}`).catch(() => null)
  );
  const sessionIds = [
    ...new Set(
      details.flatMap((detail) =>
        (detail?.upcoming ?? []).flatMap((city) =>
          city.sessions
            .filter((s) => s.status === "ONSALE")
            .map((s) => s.sessionId)
        )
      )
    ),
  ];
  const found: ListingRow[] = [];
  for (
    let start = 0;
    start < sessionIds.length && found.length < wanted;
    start += connections
  ) {
    const lists = await pool(
      sessionIds.slice(start, start + connections),
      connections,
      (sessionId) =>
        data<{
          session: { orderable: boolean };
          listings: Omit<ListingRow, "sessionId">[];
        }>(
          origin,
          `/pub/tour/v1/session/listings?sessionId=${sessionId}&quantity=1`
        )
          .then((list) =>
            list.session.orderable
              ? list.listings.map((listing) => ({ ...listing, sessionId }))
              : []
          )
          .catch(() => [])
    );
    found.push(...lists.flat().filter((listing) => listing.ticketsLeft > 0));
  }
  return found;
}

/** Tickets left now, as the listing page reads them; 0 when the page says none are left, null when unreadable. */
async function ticketsLeftNow(
  origin: string,
  listingId: number,
  quantity = 1
): Promise<number | null> {
  const answer = await call<{
    listing?: { ticketsLeft: number };
    allowed?: number[];
  }>(
    origin,
    `/pub/tour/v1/listing/detail?listingId=${listingId}&quantity=${quantity}`
  ).catch(() => null);
  if (!answer) return null;
  if (answer.statusCode === CODE_OK)
    return answer.data.listing?.ticketsLeft ?? null;
  if (answer.statusCode === CODE_SOLD) return 0;
  // The split rule no longer allows 1 of what is left: ask again for a quantity it allows.
  const allowed =
    answer.statusCode === CODE_SPLIT ? answer.data?.allowed?.[0] : undefined;
  return allowed !== undefined && quantity === 1
    ? ticketsLeftNow(origin, listingId, allowed)
    : null;
}

interface Attempt {
  listing: ListingRow;
  quantity: number;
  token: string;
}

async function scenario(
  origin: string,
  name: string,
  attempts: Attempt[],
  connections: number,
  serverPid: number | null
): Promise<ScenarioResult> {
  const listings = [
    ...new Map(
      attempts.map((attempt) => [attempt.listing.listingId, attempt.listing])
    ).values(),
  ];
  const atStart = new Map(
    listings.map((listing) => [listing.listingId, listing.ticketsLeft])
  );
  const taken = new Map<number, number>();
  const otherRefusals: Record<string, number> = {};
  const latencies: number[] = [];
  let placed = 0;
  let sold = 0;

  const clientCpuBefore = process.cpuUsage();
  const serverCpuBefore = serverPid === null ? null : cpuSecondsOfTree(serverPid);
  const began = performance.now();
  // Every buyer is ready before the first order: the pool opens `connections` at once.
  await pool(attempts, connections, async ({ listing, quantity, token }) => {
    const body = {
      listingId: listing.listingId,
      quantity,
      ...CONTACT,
      shippingAddress:
        listing.deliveryMethod === "EXPRESS" ? ADDRESS : undefined,
    };
    const sent = performance.now();
    let code: string;
    try {
      const answer = await call<{
        quantity: number;
        tickets: { listingId: number };
      }>(origin, "/user/order/v1/create", { body, token });
      latencies.push(performance.now() - sent);
      code = String(answer.statusCode);
      if (answer.statusCode === CODE_OK) {
        placed += 1;
        const id = answer.data.tickets.listingId;
        taken.set(id, (taken.get(id) ?? 0) + answer.data.quantity);
        return;
      }
      if (answer.statusCode === CODE_SOLD) {
        sold += 1;
        return;
      }
    } catch (error) {
      code = `error: ${(error instanceof Error
        ? error.message
        : String(error)
      ).slice(0, 80)}`;
    }
    otherRefusals[code] = (otherRefusals[code] ?? 0) + 1;
  });
  const seconds = (performance.now() - began) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpuAfter = serverPid === null ? null : cpuSecondsOfTree(serverPid);
  const serverCpuSeconds = serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore;

  let oversold = 0;
  for (const [id, count] of taken)
    oversold += Math.max(0, count - (atStart.get(id) ?? 0));

  // Read back: what each listing shows now must be what it had less what was placed, and never below 0.
  const readBackMismatches: string[] = [];
  let oversoldReadBack: number | null = 0;
  const nowLeft = await pool(listings, connections, (listing) =>
    ticketsLeftNow(origin, listing.listingId)
  );
  listings.forEach((listing, index) => {
    const left = nowLeft[index];
    const expected = listing.ticketsLeft - (taken.get(listing.listingId) ?? 0);
    if (left === null) {
      oversoldReadBack = null;
      readBackMismatches.push(`#${listing.listingId} unreadable`);
      return;
    }
    if (oversoldReadBack !== null) oversoldReadBack += Math.max(0, -left);
    // A sold-out listing reads 0; an oversold one would be expected below 0.
    if (left !== Math.max(0, expected) || expected < 0)
      readBackMismatches.push(
        `#${listing.listingId} shows ${left}, expected ${expected}`
      );
  });

  return {
    name,
    listings: listings.length,
    buyers: attempts.length,
    ticketsAtStart: [...atStart.values()].reduce((sum, left) => sum + left, 0),
    placed,
    ticketsTaken: [...taken.values()].reduce((sum, count) => sum + count, 0),
    sold,
    otherRefusals,
    seconds,
    placedPerSecond: placed / seconds,
    attemptsPerSecond: latencies.length / seconds,
    latencyMs: percentiles(latencies),
    oversold,
    oversoldReadBack,
    readBackMismatches,
    clientCpuShare: (clientCpu.user + clientCpu.system) / 1e6 / seconds,
    serverCpuShare: serverCpuSeconds === null ? null : serverCpuSeconds / seconds,
    serverCpuMsPerCall: serverCpuSeconds === null || latencies.length === 0 ? null : (serverCpuSeconds * 1000) / latencies.length,
  };
}

/** The quantity a buyer asks for: 2 when the listing allows it, else its smallest. */
function quantityFor(listing: ListingRow, preferred: number): number {
  return listing.quantities.includes(preferred)
    ? preferred
    : listing.quantities[0] ?? 1;
}

/** `serverPid`, when known, lets each scenario report the server's CPU beside the generator's. */
export async function contention(
  origin: string,
  settings: ContentionSettings,
  serverPid: number | null = null
): Promise<ContentionResult> {
  const started = performance.now();
  const notes: string[] = [];
  const result: ContentionResult = {
    settings,
    setupSeconds: 0,
    scenarios: [],
    notes,
  };
  const tag = Date.now().toString(36);
  try {
    const [found, tokens] = await Promise.all([
      findListings(origin, settings.listings + 1, settings.connections),
      registerBuyers(origin, settings.buyers * 2, tag, settings.connections),
    ]);
    result.setupSeconds = (performance.now() - started) / 1000;
    // A: the "any" listing with the most tickets, so several buyers succeed before it sells out.
    const one = found
      .filter((listing) => listing.splitRule === "any")
      .sort(
        (a, b) => b.ticketsLeft - a.ticketsLeft || a.listingId - b.listingId
      )[0];
    if (!one)
      throw new Error(
        `no ONSALE listing with split rule 'any' among ${found.length} found`
      );
    const attemptsA = tokens
      .slice(0, settings.buyers)
      .map((token, index) => ({
        listing: one,
        quantity: 1 + (index % 2),
        token,
      }));
    result.scenarios.push(
      await scenario(
        origin,
        `one listing (#${one.listingId}, ${one.ticketsLeft} left)`,
        attemptsA,
        settings.connections,
        serverPid
      )
    );

    const many = found
      .filter((listing) => listing.listingId !== one.listingId)
      .slice(0, settings.listings);
    if (many.length < settings.listings)
      notes.push(`only ${many.length} listings on sale for "many listings"`);
    if (many.length > 0) {
      // Buyer i takes listing i mod n, so each listing sees buyers/n of them at about the same time.
      const attemptsB = tokens.slice(settings.buyers).map((token, index) => {
        const listing = many[index % many.length];
        return { listing, quantity: quantityFor(listing, 2), token };
      });
      result.scenarios.push(
        await scenario(
          origin,
          `many listings (${many.length})`,
          attemptsB,
          settings.connections,
          serverPid
        )
      );
    }
  } catch (error) {
    // undici says only "fetch failed"; the reason (reset, refused, timeout) is in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    result.error = `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
  return result;
}

const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : "—";

/** The report's lines: a table, then the oversold verdict in words. */
export function contentionReport(result: ContentionResult): string[] {
  const { settings } = result;
  const out = [
    `Purchase contention — ${settings.buyers} fresh buyers per scenario, one order each, ${settings.connections} in flight; POST /user/order/v1/create`,
    "",
  ];
  const header = [
    "scenario",
    "listings",
    "tickets",
    "placed",
    "taken",
    "sold",
    "other",
    "create/s",
    "placed/s",
    "p50 ms",
    "p99 ms",
    "OVERSOLD",
  ];
  const lines = result.scenarios.map((s) => {
    const other = Object.values(s.otherRefusals).reduce(
      (sum, count) => sum + count,
      0
    );
    const readBack =
      s.oversoldReadBack === null ? "?" : String(s.oversoldReadBack);
    return [
      s.name,
      String(s.listings),
      String(s.ticketsAtStart),
      String(s.placed),
      String(s.ticketsTaken),
      String(s.sold),
      String(other),
      fixed(s.attemptsPerSecond, 1),
      fixed(s.placedPerSecond, 1),
      fixed(s.latencyMs.p50, 1),
      fixed(s.latencyMs.p99, 1),
      `${s.oversold} (read back ${readBack})`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length))
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0
          ? cell.padEnd(widths[column])
          : cell.padStart(widths[column])
      )
      .join("  ");
  if (lines.length > 0)
    out.push(
      format(header),
      widths.map((width) => "─".repeat(width)).join("  "),
      ...lines.map(format),
      ""
    );
  out.push(
    "  tickets: left at the start; taken: by placed orders; sold: refused as not enough tickets left; other: any other answer;"
  );
  out.push(
    "  create/s: create calls answered per second; placed/s: orders placed per second of the scenario; latency of every create call."
  );
  for (const s of result.scenarios) {
    const oversold = Math.max(s.oversold, s.oversoldReadBack ?? 0);
    out.push(
      oversold === 0
        ? `  ${s.name}: oversold 0 — OK (${
            s.buyers
          } create calls in ${s.seconds.toFixed(2)} s)`
        : `  ${s.name}: OVERSOLD ${oversold} TICKET(S) — a listing sold more than it had`
    );
    const other = Object.entries(s.otherRefusals).map(
      ([code, count]) =>
        `${code}${CODE_NAMES[code] ? ` ${CODE_NAMES[code]}` : ""} ×${count}`
    );
    if (other.length > 0) out.push(`    other answers: ${other.join(", ")}`);
    // Which side is the bottleneck: a share near 1.0 is a saturated core (each side has its own when pinned).
    const serverCpu = s.serverCpuShare === null ? "server CPU not measured" : `server ${fixed(s.serverCpuShare * 100, 0)}% of a core, ${fixed(s.serverCpuMsPerCall ?? NaN, 1)} ms CPU per create call`;
    out.push(`    load generator ${fixed(s.clientCpuShare * 100, 0)}% of a core; ${serverCpu}`);
    if (s.readBackMismatches.length > 0)
      out.push(
        `    read back disagrees: ${s.readBackMismatches
          .slice(0, 6)
          .join("; ")}`
      );
  }
  if (result.error) out.push(`  contention could not finish: ${result.error}`);
  for (const note of result.notes) out.push(`  note: ${note}`);
  return out;
}
