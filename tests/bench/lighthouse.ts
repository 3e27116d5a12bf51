/**
 * Lighthouse in `npm run bench`: the buyer's way to a paid order as a phone on a slow network
 * sees it (Lighthouse's default mobile settings: simulated Slow 4G, 4× CPU slowdown), through the
 * pinned `lighthouse` dev dependency driving Debian's Chromium. Each page is audited
 * BENCH_LIGHTHOUSE_RUNS times (3) and the median run by performance score is reported, with
 * its FCP, LCP, TBT, CLS and the JavaScript it transferred. It prints and never fails on a number.
 *
 * The signed-in pages (confirm-order, order-detail) are audited as a fresh buyer registered
 * through the API, whose session rides in a Cookie header; the order is placed through the API
 * too, so nothing here depends on the web forms.
 */
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CONTACT, SESSION_COOKIE, data, findListings, registerBuyers } from "./contention";

export interface LighthousePage {
  name: string;
  path: string;
  /** Audited as the signed-in buyer. */
  signedIn?: boolean;
}

export interface LighthouseFigures {
  name: string;
  path: string;
  runs: number;
  performance: number | null;
  accessibility: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  jsTransferredBytes: number | null;
  /** Stylesheets Chrome fetched at its highest priority: those in the head, which hold back first paint. */
  blockingStylesheets: number | null;
  /** What Lighthouse says render-blocking resources cost first paint (0 when it flags none). */
  renderBlockingMs: number | null;
  /** CSS the page downloaded but never matched, as Lighthouse estimates it. */
  unusedCssBytes: number | null;
  /** The LCP element (tag and class, or its text) and how long its resource waited to be requested. */
  lcpElement: string | null;
  lcpLoadDelayMs: number | null;
  /** Lighthouse's measure of the host's CPU speed in that run (higher is faster; its simulation assumes a fast desktop). */
  benchmarkIndex: number | null;
  error?: string;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The pages of the buyer's journey: public ones, then what a signed-in buyer with an order sees. */
export async function journeyPages(origin: string, tourId: string | null): Promise<{ pages: LighthousePage[]; cookie: string | null; note?: string }> {
  const pages: LighthousePage[] = [
    { name: "home", path: "/" },
    { name: "Explore", path: "/show-list" },
  ];
  if (tourId) pages.push({ name: "tour detail", path: `/tourDetail?id=${encodeURIComponent(tourId)}` });
  try {
    const listing = (await findListings(origin, 20, 4)).find((row) => row.deliveryMethod === "E_TICKET" && row.quantities.includes(1));
    if (!listing) return { pages, cookie: null, note: "lighthouse: no on-sale e-ticket listing: buying pages skipped" };
    pages.push(
      { name: "pick-seat", path: `/pick-seat?sessionId=${listing.sessionId}&quantity=1` },
      { name: "confirm-ticket", path: `/confirm-ticket?listingId=${listing.listingId}&quantity=1` },
    );
    const [token] = await registerBuyers(origin, 1, `lighthouse-${Date.now()}`, 1);
    const order = await data<{ id: number }>(origin, "/user/order/v1/create", { body: { listingId: listing.listingId, quantity: 1, ...CONTACT }, token });
    pages.push(
      { name: "confirm-order", path: `/confirm-order?listingId=${listing.listingId}&quantity=1`, signedIn: true },
      { name: "order-detail", path: `/order-detail?id=${order.id}`, signedIn: true },
    );
    return { pages, cookie: `${SESSION_COOKIE}=${token}` };
  } catch (error) {
    return { pages, cookie: null, note: `lighthouse: buying pages skipped (${error instanceof Error ? error.message : String(error)})` };
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

interface AuditItem {
  resourceType?: string;
  transferSize?: number;
  priority?: string;
  /** The LCP element audit nests its tables: the element, then the phases. */
  items?: AuditItem[];
  node?: { nodeLabel?: string; snippet?: string };
  phase?: string;
  timing?: number;
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score?: number | null; numericValue?: number; details?: { items?: AuditItem[]; overallSavingsMs?: number; overallSavingsBytes?: number } }>;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
};

/** The LCP element's label and its "Load Delay" phase: a late-discovered image shows here. */
function lcpOf(lhr: Lhr): { lcpElement: string | null; lcpLoadDelayMs: number | null } {
  const [elementTable, phaseTable] = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = elementTable?.items?.[0]?.node;
  const element = node?.snippet ? `${node.snippet.slice(0, 60)}` : (node?.nodeLabel ?? null);
  const loadDelay = phaseTable?.items?.find((item) => item.phase === "Load Delay")?.timing;
  return { lcpElement: element, lcpLoadDelayMs: loadDelay ?? null };
}

function figuresOf(lhr: Lhr) {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  return {
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsTransferredBytes: requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    blockingStylesheets: requests.filter((item) => item.resourceType === "Stylesheet" && item.priority === "VeryHigh").length,
    renderBlockingMs: lhr.audits["render-blocking-resources"]?.details?.overallSavingsMs ?? 0,
    unusedCssBytes: lhr.audits["unused-css-rules"]?.details?.overallSavingsBytes ?? 0,
    ...lcpOf(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

const NO_FIGURES = {
  performance: null,
  accessibility: null,
  fcpMs: null,
  lcpMs: null,
  tbtMs: null,
  cls: null,
  jsTransferredBytes: null,
  blockingStylesheets: null,
  renderBlockingMs: null,
  unusedCssBytes: null,
  lcpElement: null,
  lcpLoadDelayMs: null,
  benchmarkIndex: null,
} as const;

/** One Chromium for a series of audits, closed whatever happens. */
async function withChromium<T>(audit: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    return await audit(chrome.port);
  } finally {
    chrome.kill();
  }
}

/** How a run departs from Lighthouse's defaults. */
interface AuditOptions {
  /** Lighthouse's CPU multiplier in place of its 4×. */
  cpuSlowdown?: number;
  /** Requests the browser refuses (Chrome's URL patterns). */
  blocked?: string[];
}

/** One Lighthouse run of `url` in the given categories, with `cookie` on every request; throws when it yields no result. */
async function audited(url: string, port: number, categories: string[], cookie: string | null, options: AuditOptions = {}): Promise<Lhr> {
  const answer = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      blockedUrlPatterns: options.blocked,
    },
    options.cpuSlowdown === undefined
      ? undefined
      : // The default config with one setting changed (Lighthouse merges it into the default
        // throttling): Lantern multiplies every main-thread task it observed by it.
        { extends: "lighthouse:default", settings: { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } } },
  );
  const lhr = answer?.lhr as unknown as Lhr | undefined;
  if (!lhr) throw new Error("no result");
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  return lhr;
}

/**
 * `runs` runs of `audit`, and the median one by performance score, so its figures belong together;
 * `chosen` is null when every attempt failed, `error` the last failure of a short series.
 */
async function medianRun(runs: number, audit: () => Promise<Lhr>): Promise<{ chosen: ReturnType<typeof figuresOf> | null; runs: number; error?: string }> {
  const samples: ReturnType<typeof figuresOf>[] = [];
  let error: string | undefined;
  // Lighthouse now and then loses a run's trace (NO_NAVSTART): two more attempts make up for it.
  for (let attempt = 0; samples.length < runs && attempt < runs + 2; attempt++) {
    try {
      samples.push(figuresOf(await audit()));
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
  }
  const middle = median(samples.map((sample) => sample.performance ?? 0));
  const chosen = samples.find((sample) => (sample.performance ?? 0) === middle) ?? null;
  return { chosen, runs: samples.length, error: samples.length < runs ? error : undefined };
}

/** Audits each page `runs` times in one Chromium and keeps the median run by performance score. */
export async function lighthouseFigures(origin: string, pages: LighthousePage[], cookie: string | null, runs: number): Promise<LighthouseFigures[]> {
  if (!existsSync(CHROMIUM)) {
    return pages.map((page) => ({ ...page, runs: 0, ...NO_FIGURES, error: `no Chromium at ${CHROMIUM}` }));
  }
  return withChromium(async (port) => {
    const results: LighthouseFigures[] = [];
    for (const page of pages) {
      // A fresh page each run, as a new visitor: the signed-in buyer's session rides along.
      const { chosen, runs: made, error } = await medianRun(runs, () => audited(`${origin}${page.path}`, port, ["performance", "accessibility"], page.signedIn ? cookie : null));
      results.push({ name: page.name, path: page.path, runs: made, ...(chosen ?? NO_FIGURES), error });
    }
    return results;
  });
}

/**
 * The host speed issue 31's Lighthouse goal must hold at: Lighthouse's benchmark index of a
 * budget phone's class of machine (this bench's hosts measure 1,500-2,900).
 */
export const SLOW_HOST_INDEX = 1000;

/** The pages that must score 100, and home with its scripts refused: what the HTML and CSS alone cost. */
const SLOW_HOST_PAGES = ["home", "Explore", "tour detail", "pick-seat"];

/** Lighthouse's own CPU multiplier for a phone: the speed its simulation assumes the host has. */
const MOBILE_CPU_SLOWDOWN = 4;

export interface SlowHostFigures extends Pick<LighthouseFigures, "performance" | "fcpMs" | "lcpMs" | "tbtMs"> {
  name: string;
  path: string;
  /** Scripts refused: the server's page alone, as without JavaScript. */
  withoutScripts: boolean;
  runs: number;
  error?: string;
}

export interface SlowHost {
  /** This host's index: the median of the reported runs' of `lighthouseFigures`. */
  hostIndex: number;
  /** Lighthouse's CPU multiplier that emulated SLOW_HOST_INDEX on this host. */
  cpuSlowdown: number;
  pages: SlowHostFigures[];
}

/**
 * Lighthouse as a host of SLOW_HOST_INDEX would see the pages. Lantern multiplies each main-thread
 * task it observed by its CPU slowdown, so 4 × (this host's index / SLOW_HOST_INDEX) emulates that
 * host, this host's index read from the same bench's Lighthouse runs (`measured`). Null when
 * those runs measured none (no Chromium, or every run failed).
 */
export async function slowHostFigures(origin: string, pages: LighthousePage[], runs: number, measured: LighthouseFigures[]): Promise<SlowHost | null> {
  const indexes = measured.map((row) => row.benchmarkIndex).filter((index): index is number => index !== null);
  if (indexes.length === 0) return null;
  const hostIndex = median(indexes);
  const cpuSlowdown = Math.round(((MOBILE_CPU_SLOWDOWN * hostIndex) / SLOW_HOST_INDEX) * 10) / 10;
  const chosen = pages.filter((page) => SLOW_HOST_PAGES.includes(page.name) && !page.signedIn);
  const home = chosen.find((page) => page.name === "home");
  const audits = [...chosen.map((page) => ({ ...page, withoutScripts: false })), ...(home ? [{ ...home, withoutScripts: true }] : [])];
  const figures = await withChromium(async (port) => {
    const results: SlowHostFigures[] = [];
    for (const { name, path, withoutScripts } of audits) {
      const blocked = withoutScripts ? ["*.js"] : undefined;
      const { chosen: run, runs: made, error } = await medianRun(runs, () => audited(`${origin}${path}`, port, ["performance"], null, { cpuSlowdown, blocked }));
      results.push({ name, path, withoutScripts, runs: made, performance: run?.performance ?? null, fcpMs: run?.fcpMs ?? null, lcpMs: run?.lcpMs ?? null, tbtMs: run?.tbtMs ?? null, error });
    }
    return results;
  });
  return { hostIndex, cpuSlowdown, pages: figures };
}

export function slowHostReport({ hostIndex, cpuSlowdown, pages: figures }: SlowHost, runs: number): string[] {
  if (figures.length === 0) return [];
  const header = ["page", "perf", "FCP", "LCP", "TBT ms", "runs"];
  const lines = figures.map((row) => [
    `${row.name}${row.withoutScripts ? " (scripts refused)" : ""} ${row.path}`,
    row.performance === null ? "—" : String(Math.round(row.performance * 100)),
    row.fcpMs === null ? "—" : `${(row.fcpMs / 1000).toFixed(1)} s`,
    row.lcpMs === null ? "—" : `${(row.lcpMs / 1000).toFixed(1)} s`,
    row.tbtMs === null ? "—" : row.tbtMs.toFixed(0),
    String(row.runs),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  const out = [
    `Lighthouse as a host at benchmark index ${SLOW_HOST_INDEX} would see it: ${cpuSlowdown}× CPU (${MOBILE_CPU_SLOWDOWN} × this host's median index ${hostIndex.toFixed(0)} / ${SLOW_HOST_INDEX}), median of ${runs} run(s)`,
    "",
    format(header),
    widths.map((width) => "─".repeat(width)).join("  "),
    ...lines.map(format),
  ];
  for (const row of figures.filter((row) => row.error)) out.push(`  ${row.name}: ${row.error}`);
  return out;
}

/**
 * The themes and languages accessibility is audited in besides the main figures' (light, en-US,
 * the defaults): contrast and names change with both. Chosen by the preference cookies the
 * theme and language pickers set.
 */
export const ACCESSIBILITY_VARIANTS = [
  { theme: "dark", language: "en-US" },
  { theme: "light", language: "zh-HK" },
  { theme: "dark", language: "zh-HK" },
] as const;

export interface AccessibilityFigures {
  name: string;
  path: string;
  /** One score per ACCESSIBILITY_VARIANTS entry, in its order; null when the audit failed. */
  scores: (number | null)[];
  /** Failing audits' ids with the variant they failed in, e.g. `color-contrast (dark zh-HK)`. */
  failing: string[];
  error?: string;
}

/** Accessibility alone (one run: it does not vary between runs) of each page in each of ACCESSIBILITY_VARIANTS. */
export async function accessibilityFigures(origin: string, pages: LighthousePage[], cookie: string | null): Promise<AccessibilityFigures[]> {
  if (!existsSync(CHROMIUM)) return pages.map((page) => ({ ...page, scores: [], failing: [], error: `no Chromium at ${CHROMIUM}` }));
  return withChromium(async (port) => {
    const results: AccessibilityFigures[] = [];
    for (const page of pages) {
      const row: AccessibilityFigures = { name: page.name, path: page.path, scores: [], failing: [] };
      for (const variant of ACCESSIBILITY_VARIANTS) {
        const preferences = `theme=${variant.theme}; language=${variant.language}`;
        try {
          const lhr = await audited(`${origin}${page.path}`, port, ["accessibility"], page.signedIn && cookie ? `${cookie}; ${preferences}` : preferences);
          row.scores.push(lhr.categories.accessibility?.score ?? null);
          for (const [id, audit] of Object.entries(lhr.audits)) {
            if (audit.score === 0) row.failing.push(`${id} (${variant.theme} ${variant.language})`);
          }
        } catch (cause) {
          row.scores.push(null);
          row.error = cause instanceof Error ? cause.message : String(cause);
        }
      }
      results.push(row);
    }
    return results;
  });
}

export function accessibilityReport(figures: AccessibilityFigures[]): string[] {
  const header = ["page", ...ACCESSIBILITY_VARIANTS.map((variant) => `${variant.theme} ${variant.language}`)];
  const lines = figures.map((row) => [`${row.name} ${row.path}`, ...ACCESSIBILITY_VARIANTS.map((_, index) => {
    const score = row.scores[index];
    return score === null || score === undefined ? "—" : String(Math.round(score * 100));
  })]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  const out = ["Lighthouse accessibility in the other themes and languages (the table above is light, en-US)", "", format(header), widths.map((width) => "─".repeat(width)).join("  "), ...lines.map(format)];
  const failing = figures.filter((row) => row.failing.length > 0 || row.error);
  for (const row of failing) out.push(`  ${row.name}: ${[...row.failing, ...(row.error ? [row.error] : [])].join(", ")}`);
  return out;
}

export function lighthouseReport(figures: LighthouseFigures[], runs: number): string[] {
  const score = (value: number | null) => (value === null ? "—" : String(Math.round(value * 100)));
  const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);
  const header = ["page", "perf", "a11y", "FCP", "LCP", "TBT ms", "CLS", "JS KiB", "CSS blocking", "blocks ms", "unused CSS KiB", "runs"];
  const lines = figures.map((row) => [
    `${row.name} ${row.path}`,
    score(row.performance),
    score(row.accessibility),
    seconds(row.fcpMs),
    seconds(row.lcpMs),
    row.tbtMs === null ? "—" : row.tbtMs.toFixed(0),
    row.cls === null ? "—" : row.cls.toFixed(3),
    row.jsTransferredBytes === null ? "—" : (row.jsTransferredBytes / 1024).toFixed(1),
    row.blockingStylesheets === null ? "—" : String(row.blockingStylesheets),
    row.renderBlockingMs === null ? "—" : row.renderBlockingMs.toFixed(0),
    row.unusedCssBytes === null ? "—" : (row.unusedCssBytes / 1024).toFixed(1),
    String(row.runs),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  const out = [
    `Lighthouse 12.8 mobile (simulated Slow 4G, 4× CPU), median of ${runs} run(s) by performance score`,
    "",
    format(header),
    widths.map((width) => "─".repeat(width)).join("  "),
    ...lines.map(format),
  ];
  out.push("", "  LCP element (load delay: how long its resource waited to be asked for):");
  for (const row of figures) {
    if (row.lcpElement) out.push(`  ${row.name}: ${row.lcpElement}${row.lcpLoadDelayMs === null ? "" : ` (load delay ${row.lcpLoadDelayMs.toFixed(0)} ms)`}`);
  }
  const indexes = figures.map((row) => row.benchmarkIndex).filter((index): index is number => index !== null);
  if (indexes.length > 0) out.push("", `  host CPU: Lighthouse benchmark index ${Math.min(...indexes).toFixed(0)}-${Math.max(...indexes).toFixed(0)} over the reported runs (its 4× slowdown assumes a fast desktop host).`);
  const failed = figures.filter((row) => row.error);
  if (failed.length > 0) out.push("", ...failed.map((row) => `  ${row.name}: ${row.runs < runs ? "a run failed: " : ""}${row.error}`));
  return out;
}
