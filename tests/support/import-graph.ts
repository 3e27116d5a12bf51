/**
 * The project's own import graph, read by TypeScript's parser from every .ts/.tsx file under app/ and
 * functions/: static imports, re-exports (`export … from`) and dynamic `import("…")`, each marked
 * as a value import or a type-only one (`import type`, `export type`, or every name marked `type`,
 * which the compiler erases). Relative paths and the `~/` and `@market/` aliases (tsconfig.json
 * paths) resolve to a file from the repository root; a bare name (`drizzle-orm/d1`, `cloudflare:workers`)
 * stays a package. The wall test (tests/unit/import-walls.test.ts) and `scripts/import-graph.ts`
 * read the same graph, so the walls have one definition.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import ts from "typescript";

export interface ImportEdge {
  /** The importing file, e.g. "functions/market/orders/place-order.ts". */
  from: string;
  /** The imported file ("functions/market/context/buyer.ts", a folder resolves to its index) or package ("drizzle-orm"). */
  to: string;
  /** True when the import is erased by the compiler (type-only), so it never runs. */
  typeOnly: boolean;
}

export interface ImportGraph {
  /** Every source file read, from the repository root. */
  files: string[];
  /** Every import between them and to packages, one per import statement. */
  edges: ImportEdge[];
  /** Relative or alias imports that found no file (the generated `+types` aside). */
  unresolved: string[];
}

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

function resolveFile(root: string, path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts"), join(path, "index.tsx")]) {
    const absolute = join(root, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return normalize(candidate).split(sep).join("/");
  }
  return null;
}

/** Every module specifier a file names, with whether the compiler erases it. */
export function specifiersOf(fileName: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      // `import "x"` runs x; `import { type A, type B }` is erased whole, as is `import type`.
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && named !== null && named.length > 0 && named.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      const typeOnly = node.isTypeOnly || (named !== null && named.length > 0 && named.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      // `typeof import("./x")` in a type.
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The import graph of the given folders (by default the web app and the edge back end). */
export function readImportGraph(root: string, folders: readonly string[] = ["app", "functions"]): ImportGraph {
  const files = folders.flatMap((folder) => sourceFiles(root, folder)).map((file) => file.split(sep).join("/"));
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    for (const { specifier, typeOnly } of specifiersOf(file, readFileSync(join(root, file), "utf8"))) {
      const path = specifier.replace(/\?.*$/, "");
      let target: string;
      if (path.startsWith("~/")) target = join("app", path.slice(2));
      else if (path.startsWith("@market/")) target = join("functions/market", path.slice("@market/".length));
      else if (path.startsWith(".")) target = relative(root, join(root, dirname(file), path));
      else {
        edges.push({ from: file, to: specifier, typeOnly });
        continue;
      }
      const resolved = resolveFile(root, target);
      // React Router's generated route types live outside the tree (.react-router/types, tsconfig rootDirs).
      if (resolved === null) {
        if (!path.includes("/+types/")) unresolved.push(`${file} -> ${specifier}`);
        continue;
      }
      edges.push({ from: file, to: resolved, typeOnly });
    }
  }
  return { files, edges, unresolved };
}

/** Whether a graph node is one of the project's source files (not a package, a stylesheet or an image). */
export const isSource = (node: string) => SOURCE.test(node) && !node.includes(":") && (node.startsWith("app/") || node.startsWith("functions/"));

/**
 * The folder a file belongs to in the architecture: the first folder under app/ or functions/
 * (`app/components`, `functions/db`, `functions/api`), one folder per area of the domain
 * (`functions/market/orders`); a file that stands alone at one of those levels is its own room
 * (`app/root`, `functions/worker`, `functions/market/errors`).
 */
export function folderOf(file: string): string {
  const parts = file.split("/");
  const depth = parts[0] === "functions" && parts[1] === "market" ? 3 : 2;
  if (parts.length > depth) return parts.slice(0, depth).join("/");
  return file.replace(SOURCE, "");
}

/** Strongly connected components with more than one node (Tarjan), each sorted; the lists sorted by first node. */
export function cycles(nodes: readonly string[], arrows: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative, so a long chain of files cannot overflow the call stack.
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (arrows.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One closed walk through a component, as its nodes from the first back to it ("a -> b -> c -> a"). */
export function loopThrough(component: readonly string[], arrows: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const members = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of arrows.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Arrows between nodes, from the edges and a way of naming each end (a file, or its folder). */
export function arrowsOf(edges: readonly ImportEdge[], name: (file: string) => string): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!isSource(edge.from) || !isSource(edge.to)) continue;
    const from = name(edge.from);
    const to = name(edge.to);
    if (from === to) continue;
    if (!arrows.has(from)) arrows.set(from, new Set());
    arrows.get(from)!.add(to);
  }
  return arrows;
}

/** Folder cycles: each with one loop and, for each of its steps, one import that makes it. */
export function folderCycles(edges: readonly ImportEdge[]): { folders: string[]; loop: string[]; evidence: string[] }[] {
  const arrows = arrowsOf(edges, folderOf);
  const nodes = [...new Set([...arrows.keys(), ...[...arrows.values()].flatMap((targets) => [...targets])])].sort();
  return cycles(nodes, arrows).map((folders) => {
    const loop = loopThrough(folders, arrows);
    const evidence = loop.slice(0, -1).map((from, step) => {
      const edge = edges.find((candidate) => isSource(candidate.to) && folderOf(candidate.from) === from && folderOf(candidate.to) === loop[step + 1])!;
      return `${edge.from} -> ${edge.to}`;
    });
    return { folders, loop, evidence };
  });
}

/** File cycles, type imports included: each with its files and one loop through them. */
export function fileCycles(edges: readonly ImportEdge[]): { files: string[]; loop: string[] }[] {
  const arrows = arrowsOf(edges, (file) => file);
  const nodes = [...new Set([...arrows.keys(), ...[...arrows.values()].flatMap((targets) => [...targets])])].sort();
  return cycles(nodes, arrows).map((files) => ({ files, loop: loopThrough(files, arrows) }));
}

/**
 * The shortest chain of value imports (type-only imports never run) from any of the starting files to
 * a node the predicate forbids, for each start that has one: ["app/components/x.tsx", …, "drizzle-orm"].
 */
export function valueChains(edges: readonly ImportEdge[], starts: readonly string[], forbidden: (node: string) => boolean): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    if (!next.has(edge.from)) next.set(edge.from, []);
    next.get(edge.from)!.push(edge.to);
  }
  const chains: string[][] = [];
  for (const start of starts) {
    const cameFrom = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    let end: string | null = null;
    while (queue.length > 0 && end === null) {
      const node = queue.shift()!;
      for (const target of next.get(node) ?? []) {
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, node);
        if (forbidden(target)) {
          end = target;
          break;
        }
        if (isSource(target)) queue.push(target);
      }
    }
    if (end === null) continue;
    const chain = [end];
    while (cameFrom.get(chain[0])) chain.unshift(cameFrom.get(chain[0])!);
    chains.push(chain);
  }
  return chains;
}
