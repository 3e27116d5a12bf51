/**
 * The browser is found, not downloaded: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium,
 * else Playwright's own (undefined lets Playwright look for it).
 */
import { existsSync } from "node:fs";

export function chromiumPath(): string | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return explicit;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  return undefined;
}
