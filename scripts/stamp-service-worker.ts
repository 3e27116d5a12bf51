/**
 * After the web build: stamps build/client/sw.js with a version taken from the hashed build
 * files (so a new build replaces the old asset cache) and the offline page's words in both
 * languages from functions/market/translations/locales/{language}/errors.json.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const at = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const target = at("build/client/sw.js");
const version = createHash("sha256").update(readdirSync(at("build/client/assets")).sort().join("\n")).digest("hex").slice(0, 12);
const words = Object.fromEntries(
  ["en-US", "zh-HK"].map((language) => [language, JSON.parse(readFileSync(at(`functions/market/translations/locales/${language}/errors.json`), "utf8")).offline]),
);
const source = readFileSync(target, "utf8");
if (!source.includes('/*__VERSION__*/ "dev"') || !source.includes("/*__WORDS__*/ null")) throw new Error("sw.js has no stamp markers");
writeFileSync(target, source.replace('/*__VERSION__*/ "dev"', JSON.stringify(version)).replace("/*__WORDS__*/ null", JSON.stringify(words)));
console.log(`stamped ${target} (${version})`);
