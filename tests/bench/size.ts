/**
 * What a first visit to a route downloads, in gzip bytes. The list comes from the HTML the
 * server actually sent (modulepreload and enabled stylesheet links, script tags, and the imports of the
 * inline bootstrap module, which is how React Router loads its manifest and entry), completed by
 * following the static imports inside each script, so a chunk missing its modulepreload still
 * counts. Dynamic imports inside chunks are left out: they are not loaded on a first visit.
 * Each file is gzipped on its own, as it travels.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Budget for the JS a route loads on first visit. */
export const JS_BUDGET_GZIP = 110 * 1024;
/** What every route pays before any screen of its own: the entry and the root route. */
export const JS_FLOOR_BUDGET_GZIP = 100 * 1024;
/** The screens of a buyer's way from the first screen to the ticket: each at most 105 KiB. */
export const BUYER_PATH_ROUTES = [
  "routes/home",
  "routes/show-list",
  "routes/tour-detail",
  "routes/pick-seat",
  "routes/confirm-ticket",
  "routes/confirm-order",
  "routes/pay-success",
  "routes/order-detail",
  "routes/e-ticket",
  // The entry ticket at the door (decision 299): the e-ticket's place for Ovation-issued codes.
  "routes/ticket",
] as const;
export const BUYER_PATH_BUDGET_GZIP = 105 * 1024;

/** The first-visit JS budget of a route, by its id in the route manifest. */
export function jsBudgetOf(routeId: string): number {
  if (routeId === "root") return JS_FLOOR_BUDGET_GZIP;
  return (BUYER_PATH_ROUTES as readonly string[]).includes(routeId) ? BUYER_PATH_BUDGET_GZIP : JS_BUDGET_GZIP;
}
export const GZIP_LEVEL = 9;

export interface AssetFile {
  path: string;
  raw: number;
  gzip: number;
}

export interface AssetTotals {
  files: AssetFile[];
  raw: number;
  gzip: number;
  /** Referenced by the page but not in the client build (an external or broken URL). */
  missing: string[];
}

export interface ScriptTotals extends AssetTotals {
  /** Statically imported but not named in the HTML: fetched only once its importer has arrived. */
  notPreloaded: string[];
}

export interface RouteSize {
  js: ScriptTotals;
  /** Stylesheets the page links (fetched before first paint). */
  css: AssetTotals;
  /** The CSS the page carries in its head (app/components/route-styles.tsx), as one text. */
  cssInHead: { files: number; raw: number; gzip: number };
  budget: { jsGzip: number; overBy: number };
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

const IMPORT_SPECIFIERS = [
  /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g, // import x from "…", import "…"
  /\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g, // export … from "…"
];
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function specifiers(code: string, patterns: RegExp[]): string[] {
  const found: string[] = [];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** The same-origin JS and CSS URLs the HTML itself asks for. */
export function requestedByHtml(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    const as = (attribute(tag, "as") ?? "").toLowerCase();
    if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) js.add(href);
    // A stylesheet link whose type is not CSS is never fetched (HTML's rule; route-styles.tsx
    // names CSS the head already carries this way). A disabled one is: Chromium 150 fetches it.
    const type = (attribute(tag, "type") ?? "text/css").toLowerCase();
    if ((rel.includes("stylesheet") && type === "text/css") || (rel.includes("preload") && as === "style")) css.add(href);
  }
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(` ${attributes}`, "src");
    if (src) js.add(src);
    else if ((attribute(` ${attributes}`, "type") ?? "") === "module") {
      // The bootstrap module's dynamic import of the entry runs on every first visit.
      for (const specifier of specifiers(body, [...IMPORT_SPECIFIERS, DYNAMIC_IMPORT])) js.add(specifier);
    }
  }
  const local = (url: string) => url.startsWith("/") && !url.startsWith("//");
  return { js: [...js].filter(local), css: [...css].filter(local) };
}

function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: GZIP_LEVEL }).length;
}

function pathOf(url: string): string {
  return new URL(url, "http://ovation.invalid").pathname;
}

function totals(paths: Iterable<string>, clientDir: string, read: (path: string) => Buffer | null): AssetTotals {
  const result: AssetTotals = { files: [], raw: 0, gzip: 0, missing: [] };
  for (const path of paths) {
    const bytes = read(path);
    if (!bytes) {
      result.missing.push(path);
      continue;
    }
    const file = { path, raw: bytes.length, gzip: gzipSize(bytes) };
    result.files.push(file);
    result.raw += file.raw;
    result.gzip += file.gzip;
  }
  result.files.sort((a, b) => b.gzip - a.gzip);
  return result;
}

/** The document itself, as sent and as gzipped. */
export function htmlSize(html: string): { raw: number; gzip: number } {
  const bytes = Buffer.from(html, "utf8");
  return { raw: bytes.length, gzip: gzipSize(bytes) };
}

/** The `<style>` blocks of the document's head, together. */
function cssInHead(html: string): RouteSize["cssInHead"] {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  const blocks = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]);
  const bytes = Buffer.from(blocks.join("\n"), "utf8");
  return { files: blocks.length, raw: bytes.length, gzip: blocks.length > 0 ? gzipSize(bytes) : 0 };
}

/** Byte counts for one route's first visit, reading assets from the build's client folder. */
export function measureRoute(html: string, clientDir: string): RouteSize {
  const read = (path: string): Buffer | null => {
    const file = join(clientDir, decodeURIComponent(path));
    return file.startsWith(clientDir) && existsSync(file) ? readFileSync(file) : null;
  };
  const requested = requestedByHtml(html);

  // Follow static imports from everything the page asked for.
  const js = new Set(requested.js.map(pathOf));
  const queue = [...js];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const code = read(path)?.toString("utf8");
    if (!code) continue;
    for (const specifier of specifiers(code, IMPORT_SPECIFIERS)) {
      if (!/^(\.{1,2}\/|\/(?!\/))/.test(specifier)) continue;
      const imported = pathOf(new URL(specifier, `http://ovation.invalid${path}`).href);
      if (!js.has(imported)) {
        js.add(imported);
        queue.push(imported);
      }
    }
  }

  const named = new Set(requested.js.map(pathOf));
  const jsTotals = { ...totals(js, clientDir, read), notPreloaded: [...js].filter((path) => !named.has(path)) };
  return {
    js: jsTotals,
    css: totals(new Set(requested.css.map(pathOf)), clientDir, read),
    cssInHead: cssInHead(html),
    budget: { jsGzip: JS_BUDGET_GZIP, overBy: jsTotals.gzip - JS_BUDGET_GZIP },
  };
}
