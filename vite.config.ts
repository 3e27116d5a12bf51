import { reactRouter } from "@react-router/dev/vite";
import { cloudflareDevProxy } from "@react-router/dev/vite/cloudflare";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./functions/load-context";

/** Changes whenever a translation does, so browsers refetch /locales/… only then. */
function translationsHash(): string {
  const hash = createHash("sha256");
  for (const language of readdirSync("app/locales").sort()) {
    for (const file of readdirSync(`app/locales/${language}`).sort()) hash.update(readFileSync(`app/locales/${language}/${file}`));
  }
  return hash.digest("hex").slice(0, 12);
}

export default defineConfig(({ command }) => ({
  define: { __BUILD_ID__: JSON.stringify(translationsHash()) },
  plugins: [
    // The dev proxy gives `react-router dev` real local bindings; builds leave it out (it would
    // start miniflare a second time). docs/decisions.md records why not the Cloudflare Vite plugin.
    command === "serve" ? cloudflareDevProxy({ getLoadContext }) : null,
    reactRouter(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: { minify: true },
}));
