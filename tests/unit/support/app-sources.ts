/** The app's browser-side source files (paths relative to app/), for tests that read what the screens ask for. */
import { readdirSync } from "node:fs";

export const APP = new URL("../../../app/", import.meta.url).pathname;

/** Every .ts/.tsx file under app/ except server-only modules, which never reach the browser. */
export function browserSources(): string[] {
  return readdirSync(APP, { recursive: true, encoding: "utf8" })
    .filter((path) => /\.tsx?$/.test(path) && !/\.server\.tsx?$/.test(path))
    .sort();
}
