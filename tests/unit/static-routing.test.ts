/**
 * wrangler.toml sends the JSON API's paths to the Worker without asking the assets service first
 * (decisions 181). A door added to the API without its rule only costs that hop; a rule that
 * covered a static file would hide the file behind the API's 404.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { isApiPath, PARTNER_PREFIX } from "../../functions/api/paths";

const ROOT = new URL("../../", import.meta.url);

/** `run_worker_first` under [assets]: a TOML array of double-quoted strings, which is JSON. */
function runWorkerFirst(): string[] {
  const toml = readFileSync(new URL("wrangler.toml", ROOT), "utf8");
  const line = /^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(toml);
  if (!line) throw new Error("wrangler.toml has no run_worker_first line");
  return JSON.parse(line[1]) as string[];
}

test("the API's paths go to the Worker first, and only they", () => {
  const rules = runWorkerFirst();
  expect(rules).toEqual(["/pub/*", "/user/*", "/configs/*", "/support/v1/*", "/provider/v1/*", "/wallet/apple/*", "/mtl_overseasapi/*"]);
  // Each rule's folder is a door of the API, or the partner host's suffix that reaches the same API.
  const folders = rules.map((rule) => rule.replace(/\*$/, ""));
  expect(folders.filter((folder) => !isApiPath(`${folder}x`) && !PARTNER_PREFIX.startsWith(folder))).toEqual([]);
});

test("no static file falls under a rule", () => {
  const folders = runWorkerFirst().map((rule) => rule.replace(/\*$/, ""));
  const files = [...readdirSync(new URL("public/", ROOT)).map((name) => `/${name}`), "/assets/"];
  expect(files.filter((file) => folders.some((folder) => file.startsWith(folder)))).toEqual([]);
});
