import { reactRouter } from "@react-router/dev/vite";
import { cloudflareDevProxy } from "@react-router/dev/vite/cloudflare";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./functions/load-context";

/** Changes whenever a translation does, so browsers refetch /locales/… only then. */
function translationsHash(): string {
  const locales = "functions/market/translations/locales";
  const hash = createHash("sha256");
  for (const language of readdirSync(locales).sort()) {
    for (const file of readdirSync(`${locales}/${language}`).sort()) hash.update(readFileSync(`${locales}/${language}/${file}`));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * Modules the Worker entry (functions/worker.ts) imports itself: the domain and the app files it
 * reads (translations, app-context and ad-parameter parsing). The server build leaves them as
 * imports, so wrangler bundles each once for both doors instead of the web build carrying a
 * second copy (docs/decisions/live.md).
 */
const SHARED_WITH_WORKER = ["functions/", "app/i18n/", "app/platform/"].map((folder) => fileURLToPath(new URL(`./${folder}`, import.meta.url)));

const SERVER_BUILD = fileURLToPath(new URL("./build/server/", import.meta.url));

function sharedWithWorker(id: string): boolean {
  return SHARED_WITH_WORKER.some((folder) => id.startsWith(folder));
}

/**
 * conform's zod helpers wrap each schema with zod/v4's classic `lazy`, `optional`, `pipe` and
 * `transform`, which bring all of classic zod (26 KiB gzip) into a page. In the browser they get
 * zod/mini's functions of the same names and behaviour instead, so a form whose schemas are
 * zod/mini never downloads classic zod (docs/decisions.md 174). The server keeps classic.
 */
function conformOnZodMini(): Plugin {
  return {
    name: "conform-on-zod-mini",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (options?.ssr || source !== "zod/v4" || !importer?.includes("/node_modules/@conform-to/zod/")) return null;
      return this.resolve("zod/mini", importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  define: { __BUILD_ID__: JSON.stringify(translationsHash()) },
  plugins: [
    // The dev proxy gives `react-router dev` real local bindings; builds leave it out (it would
    // start miniflare a second time). docs/decisions.md records why not the Cloudflare Vite plugin.
    command === "serve" ? cloudflareDevProxy({ getLoadContext }) : null,
    reactRouter(),
    tsconfigPaths(),
    isSsrBuild ? null : conformOnZodMini(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
    // The browser's zod never probes `new Function` (app/platform/zod-without-eval.ts).
    alias: isSsrBuild ? [] : [{ find: /^zod$/, replacement: fileURLToPath(new URL("./app/platform/zod-without-eval.ts", import.meta.url)) }],
  },
  build: {
    minify: true,
    // One hashed stylesheet for the whole app, linked from root: a stylesheet in the head holds back
    // first paint, and per-route splitting linked 8-13 of them (docs/decisions.md 168).
    cssCodeSplit: false,
    // Only resolved paths are matched: a bare `@market/…` import is resolved first, then left out.
    rollupOptions: {
      // zod's sources carry `@__PURE__` notes in comments Rollup cannot place; Rollup drops them
      // (nothing changes in the output) but says so on every build, which reads like a failure.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        warn(warning);
      },
      ...(isSsrBuild
        ? {
            external: (id: string, _importer: string | undefined, resolved: boolean) => resolved && sharedWithWorker(id),
            // Written relative to build/server/index.js, so the build works from any checkout.
            output: { paths: (id: string) => (sharedWithWorker(id) ? relative(SERVER_BUILD, id) : id) },
          }
        : {}),
    },
  },
}));
