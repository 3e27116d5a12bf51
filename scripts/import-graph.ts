/**
 * The import graph's figures: files, import arrows, floors, arrows back up, folder and file cycles.
 * `npx tsx scripts/import-graph.ts [root]` (root defaults to this checkout; another tree's app/ and
 * functions/ can be read by passing its folder). The graph is the wall test's
 * (tests/support/import-graph.ts, tests/unit/import-walls.test.ts).
 *
 * Floors are DESIGN §2's layering, highest first; an import from a lower floor to a higher one is
 * an arrow back up:
 *   app:        routes (with root.tsx, routes.ts, the entries) > server > components (with seo/) > platform (with i18n/)
 *   functions:  worker.ts > the doors (web/, api/, load-context.ts) > wiring.ts and the seed (a client above
 *               the domain) > integrations/ > market/ > db/ > the ground (imaging/, observability.ts, geolocation.ts)
 * and the whole web app stands above functions/ (functions/ never imports app/).
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { fileCycles, folderCycles, isSource, readImportGraph, type ImportEdge } from "../tests/support/import-graph";

const FLOORS: readonly [floor: string, places: readonly string[]][] = [
  ["app/routes", ["app/routes", "app/root", "app/routes.ts", "app/entry.server", "app/entry.client"]],
  ["app/server", ["app/server"]],
  ["app/components", ["app/components", "app/seo"]],
  ["app/platform", ["app/platform", "app/i18n"]],
  ["functions/worker", ["functions/worker"]],
  ["doors", ["functions/web", "functions/api", "functions/load-context"]],
  ["wiring", ["functions/wiring", "functions/seed"]],
  ["integrations", ["functions/integrations"]],
  ["market", ["functions/market"]],
  ["db", ["functions/db"]],
  ["ground", ["functions/imaging", "functions/observability", "functions/geolocation"]],
];

/** The floor's height (the top floor highest) and name. A seed still inside db/ counts on db/'s floor, where it sits. */
function floorOf(file: string): { height: number; name: string } {
  for (const [index, [name, places]] of FLOORS.entries()) {
    if (places.some((place) => file === place || file.startsWith(`${place}/`) || file.startsWith(`${place}.`))) return { height: FLOORS.length - index, name };
  }
  return { height: 0, name: "unplaced" };
}

const root = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL("..", import.meta.url));
const { files, edges } = readImportGraph(root);

/** One arrow per importing and imported file (a file that imports another twice draws one arrow). */
function arrows(list: readonly ImportEdge[]): ImportEdge[] {
  const seen = new Map<string, ImportEdge>();
  for (const edge of list) {
    if (!isSource(edge.from) || !isSource(edge.to)) continue;
    const key = `${edge.from} ${edge.to}`;
    const known = seen.get(key);
    // An arrow runs if any of its imports does.
    if (!known || (known.typeOnly && !edge.typeOnly)) seen.set(key, edge);
  }
  return [...seen.values()];
}

const all = arrows(edges);
const backUp = all.filter((edge) => floorOf(edge.from).height < floorOf(edge.to).height);
const unplaced = files.filter((file) => floorOf(file).height === 0);
const runningFolderCycles = folderCycles(edges.filter((edge) => !edge.typeOnly));
const typedFolderCycles = folderCycles(edges);
const loops = fileCycles(edges);

const byFloor = new Map<string, number>();
for (const file of files) byFloor.set(floorOf(file).name, (byFloor.get(floorOf(file).name) ?? 0) + 1);

console.log(`files: ${files.length}`);
console.log(`import arrows: ${all.length} (${all.filter((edge) => !edge.typeOnly).length} that run, ${all.filter((edge) => edge.typeOnly).length} type-only)`);
console.log(`floors: ${FLOORS.length} (${FLOORS.map(([name]) => `${name} ${byFloor.get(name) ?? 0}`).join(" > ")})${unplaced.length ? `; unplaced: ${unplaced.join(", ")}` : ""}`);
console.log(`arrows back up: ${backUp.length} (${backUp.filter((edge) => !edge.typeOnly).length} that run, ${backUp.filter((edge) => edge.typeOnly).length} type-only)`);
const backUpByFloors = new Map<string, ImportEdge[]>();
for (const edge of backUp) {
  const key = `${floorOf(edge.from).name} -> ${floorOf(edge.to).name}`;
  backUpByFloors.set(key, [...(backUpByFloors.get(key) ?? []), edge]);
}
for (const [key, list] of [...backUpByFloors].sort()) {
  console.log(`  ${key}: ${list.length}`);
  for (const edge of list) console.log(`    ${edge.from} -> ${edge.to}${edge.typeOnly ? " (type)" : ""}`);
}
console.log(`folder cycles: ${runningFolderCycles.length} over imports that run (the wall), ${typedFolderCycles.length} counting type imports`);
for (const cycle of typedFolderCycles) {
  const runs = runningFolderCycles.some((running) => running.folders.some((folder) => cycle.folders.includes(folder)));
  console.log(`  ${cycle.folders.join(", ")}${runs ? "" : " (type imports only)"}\n    loop: ${cycle.loop.join(" -> ")}`);
  for (const line of cycle.evidence) console.log(`      ${line}`);
}
console.log(`file cycles: ${loops.length} (type imports included)`);
for (const loop of loops) console.log(`  ${loop.files.length} files, e.g. ${loop.loop.join(" -> ")}`);
