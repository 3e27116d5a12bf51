/**
 * Worker tests exercise the web app through build/server. A build older than the sources would
 * quietly test yesterday's screens, so this global setup rebuilds first whenever any file under
 * app/ (or the build's configuration) is newer than the server build.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SERVER_BUILD = "build/server/index.js";
const SOURCES = ["app", "functions", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

export default function ensureFreshBuild(): void {
  const built = existsSync(SERVER_BUILD) ? statSync(SERVER_BUILD).mtimeMs : 0;
  const changed = Math.max(...SOURCES.filter(existsSync).map(newestChange));
  if (changed <= built) return;
  console.log("worker tests: the web app changed since the last build; building it first");
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("npm run build failed: fix the build before running the worker tests");
}
