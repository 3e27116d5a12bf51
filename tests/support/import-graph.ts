/**
 * The project's own import graph, read from the source text: every relative, `~/` or `@market/` import and
 * re-export of every .ts/.tsx file under app/ and functions/, resolved to a file path from the
 * repository root. A regular expression is enough because the house style writes one static
 * `import … from "…"` per module; dynamic `import("…")` is read too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

export interface ImportEdge {
  /** The importing file, e.g. "functions/market/orders/place-order.ts". */
  from: string;
  /** The imported file, e.g. "functions/market/context/buyer.ts" (a folder resolves to its index). */
  to: string;
}

const SOURCE = /\.(ts|tsx)$/;
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

function resolveFile(root: string, path: string): string {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts"), join(path, "index.tsx")]) {
    const absolute = join(root, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return normalize(candidate);
  }
  return normalize(path);
}

/** Every import between the project's own files under the given folders. */
export function importGraph(root: string, folders: readonly string[] = ["app", "functions"]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      let target: string;
      if (specifier.startsWith("~/")) target = join("app", specifier.slice(2));
      else if (specifier.startsWith("@market/")) target = join("functions/market", specifier.slice("@market/".length));
      else if (specifier.startsWith(".")) target = relative(root, join(root, dirname(file), specifier));
      else continue;
      edges.push({ from: file, to: resolveFile(root, target) });
    }
  }
  return edges;
}

/** The folder of functions/market a file sits in ("orders"), "errors" for market/errors.ts, or null outside it. */
export function marketFolder(path: string): string | null {
  const match = /^functions\/market\/([^/]+?)(?:\.tsx?)?(?:\/|$)/.exec(path);
  return match ? match[1] : null;
}

/**
 * Pairs of market folders that import each other, as "a <-> b" (a before b), each with one
 * import of each direction as evidence.
 */
export function marketFolderLoops(edges: readonly ImportEdge[]): Map<string, string[]> {
  const between = new Map<string, ImportEdge>();
  for (const edge of edges) {
    const from = marketFolder(edge.from);
    const to = marketFolder(edge.to);
    if (from && to && from !== to && !between.has(`${from}>${to}`)) between.set(`${from}>${to}`, edge);
  }
  const loops = new Map<string, string[]>();
  for (const [key, edge] of between) {
    const [from, to] = key.split(">");
    const back = between.get(`${to}>${from}`);
    if (back && from < to) loops.set(`${from} <-> ${to}`, [`${edge.from} -> ${edge.to}`, `${back.from} -> ${back.to}`]);
  }
  return loops;
}
