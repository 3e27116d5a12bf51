/**
 * Rewrites the JS ceilings in tests/unit/js-budget.test.ts from the current build: each route
 * over its budget (tests/bench/size.ts `jsBudgetOf`) gets its first-visit JS plus 1 KiB, rounded
 * up to half a KiB. Run after
 * `npm run build` when a change is meant to add JS (and say why in its commit); a saving lowers
 * the ceilings the same way.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { routeJs } from "../tests/bench/route-js";
import { jsBudgetOf } from "../tests/bench/size";

const KIB = 1024;
const testFile = fileURLToPath(new URL("../tests/unit/js-budget.test.ts", import.meta.url));
const routes = routeJs(fileURLToPath(new URL("../build/client", import.meta.url)));

const lines = [...routes.values()]
  .filter((route) => route.gzip > jsBudgetOf(route.id))
  .sort((a, b) => a.id.localeCompare(b.id))
  .map((route) => `  "${route.id}": ${(Math.ceil(((route.gzip + KIB) / KIB) * 2) / 2).toFixed(1)},`);

const source = readFileSync(testFile, "utf8");
const start = source.indexOf("const CEILINGS: Record<string, number> = {");
const end = source.indexOf("};", start);
if (start < 0 || end < 0) throw new Error("no CEILINGS block in js-budget.test.ts");
writeFileSync(testFile, `${source.slice(0, start)}const CEILINGS: Record<string, number> = {\n${lines.join("\n")}\n${source.slice(end)}`);
console.log(`${lines.length} routes over their budget; ceilings written to tests/unit/js-budget.test.ts`);
