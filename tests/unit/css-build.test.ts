/**
 * The build's stylesheets (vite.config.ts `sharedCssOnce`): the style primitives that CSS modules
 * compose are written once, in the root's CSS every page loads first, not again in each chunk
 * that composes them. Needs a build (npm run build; `npm test` builds first).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const assets = fileURLToPath(new URL("../../build/client/assets", import.meta.url));
const stylesheets = readdirSync(assets)
  .filter((file) => file.endsWith(".css"))
  .map((file) => ({ file, css: readFileSync(`${assets}/${file}`, "utf8") }));

/** The stylesheets holding a rule, by file name with its hash taken off. */
function holding(rule: RegExp): string[] {
  return stylesheets.filter(({ css }) => rule.test(css)).map(({ file }) => file.replace(/-[\w-]{8}\.css$/, ".css"));
}

test("each primitive's rule is in the root's stylesheet alone, though dozens of modules compose it", () => {
  expect(holding(/\.gap1_[\w-]{5}\{gap:var\(--space-1\)\}/)).toEqual(["root.css"]);
  expect(holding(/\.row_[\w-]{5}\{display:flex;align-items:center\}/)).toEqual(["root.css"]);
});

test("a module's own rules stay in its own stylesheet", () => {
  expect(holding(/\.card_[\w-]{5}\{min-width:0;color:var\(--color-ink\)/)).toEqual(["tour-card.css"]);
});
