/**
 * The house's walls (DESIGN §2 "The walls"), in one place: read from the import graph of app/ and
 * functions/ (tests/support/import-graph.ts: value and type imports, re-exports and dynamic
 * `import()`, with the `~/` and `@market/` aliases resolved).
 *
 * Each wall asks for an empty list of crossings, loops or chains, so a break fails with the
 * importer and the import, the loop or the chain written out. Where a wall allows something, it is
 * a named entry below with its reason; nothing else is exempt.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { fileCycles, folderCycles, readImportGraph, valueChains, type ImportEdge } from "../support/import-graph";

const root = fileURLToPath(new URL("../..", import.meta.url));
const graph = readImportGraph(root);
const { edges } = graph;

const under =
  (...places: string[]) =>
  (path: string) =>
    places.some((place) => path === place || path.startsWith(place.endsWith("/") ? place : `${place}/`) || path.startsWith(`${place}.`));

/** An import the walls allow, named with why. */
interface Allowed {
  from: string;
  to: string;
  why: string;
}

/** The imports that cross from `from` to `to`, as "importer -> imported", bar the allowed ones. */
function crossing(from: (path: string) => boolean, to: (path: string) => boolean, allowed: readonly Allowed[] = []): string[] {
  return edges
    .filter((edge: ImportEdge) => from(edge.from) && to(edge.to))
    .filter((edge) => !allowed.some((entry) => entry.from === edge.from && entry.to === edge.to))
    .map((edge) => `${edge.from} -> ${edge.to}${edge.typeOnly ? " (type)" : ""}`)
    .filter((line, index, lines) => lines.indexOf(line) === index)
    .sort();
}

/** The adapters the web door names itself, beside the API door's own use of them (functions/api/routes/accounts.ts). */
const WEB_DOOR_ADAPTERS: readonly Allowed[] = [
  {
    from: "app/server/third-party.server.ts",
    to: "functions/integrations/oauth/index.ts",
    why: "the web's Google / Apple round trip is a redirect and a cookie on the web door; the domain only signs in the identity the adapter verified (decision 208)",
  },
  {
    from: "app/server/outbox.server.ts",
    to: "functions/integrations/mail/index.ts",
    why: "the development outbox screen reads the mail adapter's own table, outside production only; it is no product rule, so it has no port in the domain (decision 208)",
  },
];

/**
 * Schema files the browser may reach: lists of constants with no import at all (so never drizzle),
 * which the schema's columns and the browser's form schemas both read.
 */
const BROWSER_SAFE_SCHEMA: readonly { file: string; why: string }[] = [
  {
    file: "functions/db/schema/delivery-states.ts",
    why: "the delivery machine's state names: the column's enum and the delivery forms' zod schemas read the one list",
  },
];

/** The one import of a file that is not in the tree until the app is built. */
const BUILT_ONLY = ["functions/worker.ts -> ../build/server/index.js"];

test("the graph reader sees imports by relative path and by alias, values apart from types", () => {
  expect(graph.unresolved.filter((line) => !BUILT_ONLY.includes(line))).toEqual([]);
  expect(edges).toContainEqual({ from: "functions/market/orders/order-buyer.ts", to: "functions/market/accounts/sessions.ts", typeOnly: false });
  expect(edges).toContainEqual({ from: "app/routes/login.tsx", to: "app/server/third-party.server.ts", typeOnly: false });
  expect(edges).toContainEqual({ from: "app/components/price.tsx", to: "app/root.tsx", typeOnly: true });
  expect(edges).toContainEqual({ from: "functions/wiring.ts", to: "functions/market/context/index.ts", typeOnly: false });
});

test("functions/ never imports app/", () => {
  expect(crossing(under("functions"), under("app"))).toEqual([]);
});

test("the domain imports no door, no adapter, no wiring and no screen", () => {
  const outside = under("functions/web", "functions/api", "functions/integrations", "functions/wiring", "functions/worker", "functions/load-context", "app");
  expect(crossing(under("functions/market"), outside)).toEqual([]);
});

test("the schema imports no rule: only its own files and drizzle", () => {
  expect(crossing(under("functions/db/schema"), (path) => !under("functions/db/schema")(path) && !path.startsWith("drizzle-orm"))).toEqual([]);
});

test("the two doors never import each other: the web app (app/) and the API (functions/api); the edge below both (functions/web) imports neither", () => {
  expect(crossing(under("app"), under("functions/api"))).toEqual([]);
  expect(crossing(under("functions/api"), under("app"))).toEqual([]);
  expect(crossing(under("functions/web"), under("functions/api", "app"))).toEqual([]);
});

test("the web app names no adapter and not the wiring, but the named round trips of the web door", () => {
  expect(crossing(under("app"), under("functions/integrations", "functions/wiring", "functions/worker"), WEB_DOOR_ADAPTERS)).toEqual([]);
  for (const entry of WEB_DOOR_ADAPTERS) expect(edges.filter((edge) => edge.from === entry.from && edge.to === entry.to), entry.why).not.toEqual([]);
});

test("only the domain, the schema, the seed and the adapters import drizzle or the Workers runtime's modules", () => {
  const owners = under("functions/market", "functions/db", "functions/seed", "functions/integrations", "functions/worker");
  expect(crossing((path) => !owners(path), (path) => path.startsWith("drizzle-orm") || path.startsWith("cloudflare:"))).toEqual([]);
});

test("nothing but the seed itself imports the seed: the domain and the screens draw from the domain's rules", () => {
  const seed = under("functions/seed");
  expect(crossing((path) => !seed(path), seed)).toEqual([]);
});

test("no folder imports itself round a loop of any length (imports that run)", () => {
  const loops = folderCycles(edges.filter((edge) => !edge.typeOnly)).map(
    ({ folders, loop, evidence }) => `${folders.join(", ")}\n    loop: ${loop.join(" -> ")}\n    ${evidence.join("\n    ")}`,
  );
  expect(loops).toEqual([]);
});

test("no file imports itself round a loop, type imports included", () => {
  expect(fileCycles(edges).map(({ files, loop }) => `${files.length} files, e.g. ${loop.join(" -> ")}`)).toEqual([]);
});

test("browser code (app/platform, app/components) reaches no drizzle, no cloudflare: module, no schema and no .server module by imports that run", () => {
  const starts = graph.files.filter(under("app/platform", "app/components"));
  const forbidden = (node: string) =>
    node === "drizzle-orm" ||
    node.startsWith("drizzle-orm/") ||
    node.startsWith("cloudflare:") ||
    /\.server\.tsx?$/.test(node) ||
    (node.startsWith("functions/db/schema/") && !BROWSER_SAFE_SCHEMA.some((entry) => entry.file === node));
  expect(valueChains(edges, starts, forbidden).map((chain) => chain.join(" -> "))).toEqual([]);
  for (const entry of BROWSER_SAFE_SCHEMA) expect(edges.filter((edge) => edge.from === entry.file), entry.why).toEqual([]);
});

test("no SQL string reaches D1 by hand: every statement of the product is built with drizzle (docs/decisions.md 217)", () => {
  // The builder, or its `sql` template over the schema's tables compiled by context/statements.ts;
  // a string passed to `.prepare(` loses the schema's names and types. The seed writes its own
  // bulk SQL file and is not the product's runtime.
  const handWritten = graph.files
    .filter((file) => file.startsWith("functions/") && !under("functions/seed", "functions/db")(file) && /\.tsx?$/.test(file))
    .flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (/\.prepare\(\s*["'`]/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
  expect(handWritten).toEqual([]);
});
