/**
 * The lockfile keeps off the end-of-life framework and the packages 2026's advisories name:
 * Remix v2 (but the dev server's own fetch adapter), turbo-stream 2, react-router 6.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { version?: string }>;
};
const installed = Object.entries(lock.packages)
  .filter(([path]) => path.startsWith("node_modules/") || path.includes("/node_modules/"))
  .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length), version: entry.version ?? "" }));

test("no Remix v2 package is installed but @remix-run/node-fetch-server", () => {
  expect(installed.filter(({ name }) => name.startsWith("@remix-run/")).map(({ name }) => name)).toEqual(["@remix-run/node-fetch-server"]);
});

test("every react-router package is 7.18.4 and none is react-router-dom", () => {
  const routers = installed.filter(({ name }) => name === "react-router" || name.startsWith("@react-router/") || name === "react-router-dom");
  expect(routers.map(({ name, version }) => `${name}@${version}`).sort()).toEqual([
    "@react-router/cloudflare@7.18.4",
    "@react-router/dev@7.18.4",
    "@react-router/node@7.18.4",
    "react-router@7.18.4",
  ]);
});

test("no turbo-stream below 3 is installed", () => {
  const old = installed.filter(({ name, version }) => name === "turbo-stream" && Number(version.split(".")[0]) < 3);
  expect(old).toEqual([]);
});
