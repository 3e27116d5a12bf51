/**
 * After the web build: writes build/client/_headers from functions/web/security-headers.ts, so
 * files the platform serves before the Worker runs carry the same safe headers as the Worker's
 * own answers (docs/decisions.md #84).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { staticAssetHeaders } from "../functions/web/security-headers";

const target = fileURLToPath(new URL("../build/client/_headers", import.meta.url));
writeFileSync(target, staticAssetHeaders());
console.log(`wrote ${target}`);
