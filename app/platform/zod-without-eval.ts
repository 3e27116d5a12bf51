/**
 * zod as the browser build sees it (vite.config.ts aliases "zod" here for the client): zod 4
 * probes `new Function` when its first object schema is made, which our CSP (no 'unsafe-eval')
 * reports as a violation even though zod catches it. Jitless mode skips the probe; it is set in
 * this module's body, which runs before any module that imports "zod" defines a schema.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
