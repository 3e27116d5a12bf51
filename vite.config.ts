import { reactRouter } from "@react-router/dev/vite";
import { cloudflareDevProxy } from "@react-router/dev/vite/cloudflare";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./functions/load-context";
import { agreementsFile } from "./functions/market/config/agreement-file";
import { LANGUAGES } from "./functions/market/context/language";
import { textFile } from "./functions/market/static-files/read";
import { faqFile } from "./functions/market/support/faq-file";
import { namespaceFile } from "./functions/market/translations/store";
import { resources } from "./functions/market/translations/resources";
import { LATER_CSS_FILE } from "./app/server/route-css.server";

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
 * second copy (docs/decisions.md #129).
 */
const SHARED_WITH_WORKER = ["functions/", "app/i18n/", "app/platform/"].map((folder) => fileURLToPath(new URL(`./${folder}`, import.meta.url)));

const SERVER_BUILD = fileURLToPath(new URL("./build/server/", import.meta.url));

function sharedWithWorker(id: string): boolean {
  return SHARED_WITH_WORKER.some((folder) => id.startsWith(folder));
}

const ROOT_MODULE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
let rootModules: Set<string> | null = null;

/** The project's own script modules the root route imports, directly or through others (no stylesheets, no packages). */
function rootReaches(getModuleInfo: (id: string) => { importedIds: readonly string[] } | null): Set<string> {
  if (rootModules) return rootModules;
  const found = new Set<string>();
  const queue = [ROOT_MODULE];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) {
      if (!next.includes("/node_modules/") && !next.startsWith("\0") && /\.(ts|tsx)$/.test(next)) queue.push(next);
    }
  }
  rootModules = found;
  return found;
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

/**
 * Every file the Worker reads from its assets instead of carrying it in its bundle, as a static
 * file of the browser build: each namespace of both languages (build/client/locales/<lng>/<ns>.json,
 * which /locales/<lng>/<ns> also serves the browser, docs/decisions.md 284), and the FAQ and the
 * agreements in each language (build/client/texts/<lng>/<name>.json, decision 306).
 */
function staticFilesForWorker(): Plugin {
  return {
    name: "static-files-for-worker",
    generateBundle() {
      const write = (path: string, data: unknown) => this.emitFile({ type: "asset", fileName: path.slice(1), source: JSON.stringify(data) });
      for (const [language, namespaces] of Object.entries(resources)) {
        for (const [namespace, data] of Object.entries(namespaces)) write(namespaceFile(language, namespace), data);
      }
      for (const language of LANGUAGES) {
        write(textFile(language, "faq"), faqFile(language));
        write(textFile(language, "agreements"), agreementsFile(language));
      }
    },
  };
}

/** How a route module's own client chunk is named: its facade's id ends so. */
const ROUTE_CHUNK = "?__react-router-build-client-route";

/**
 * A client build's chunks by file name, what a set of them reaches through static imports, and
 * the stylesheets those chunks carry: what the build plugins below read of the module graph.
 */
function chunkGraph(bundle: Rollup.OutputBundle) {
  type Chunk = { fileName: string; imports: string[]; dynamicImports: string[]; facadeModuleId: string | null; viteMetadata?: { importedCss: Set<string> } };
  const chunks = new Map<string, Chunk>();
  for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output as unknown as Chunk);
  /** `start` and every chunk it imports statically, directly or not. */
  const withImports = (start: Iterable<string>) => {
    const found = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (found.has(file) || !chunks.has(file)) continue;
      found.add(file);
      queue.push(...chunks.get(file)!.imports);
    }
    return found;
  };
  const cssOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
  return { chunks, withImports, cssOf };
}

/**
 * The CSS of the parts a route draws on the server but loads after hydration (laterPart,
 * app/components/later-part.tsx, decision 317): the stylesheets of every chunk its own modules
 * import(), with what those import, less what the route already carries. React Router's
 * manifest lists a route's static CSS only, and the server's HTML of a later part needs its CSS
 * in the head from the first paint (and always, without JavaScript). Written as a static file
 * the Worker reads once per isolate: route module address → CSS addresses.
 */
function laterPartCss(): Plugin {
  return {
    name: "later-part-css",
    generateBundle(_options, bundle) {
      const { chunks, withImports, cssOf } = chunkGraph(bundle);
      const table: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        if (!chunk.facadeModuleId?.endsWith(ROUTE_CHUNK)) continue;
        const first = withImports([chunk.fileName]);
        const carried = cssOf(first);
        const later = withImports([...first].flatMap((file) => chunks.get(file)!.dynamicImports));
        const css = [...cssOf(later)].filter((file) => !carried.has(file));
        if (css.length > 0) table[`/${chunk.fileName}`] = css.map((file) => `/${file}`);
      }
      this.emitFile({ type: "asset", fileName: LATER_CSS_FILE.slice(1), source: JSON.stringify(table) });
    },
  };
}

/**
 * A class a CSS module scoped (`name_hash`, the hash of its file's path): a rule naming one is
 * that file's, so a copy of it changes only with that file, and so does the name of every chunk
 * that carries the copy. Rules with no such class (a global rule two files happen to share) stay.
 */
const SCOPED_CLASS = /\.[A-Za-z][\w-]*_[\w-]{5}(?![\w-])/;

/**
 * The style primitives (app/styles/layout, text, surfaces, controls .module.css) once, in the
 * root's CSS. A CSS module that `composes` a class from another file carries a copy of that
 * whole file in its own CSS, so every chunk's stylesheet began with the primitives again: ten
 * copies in home's head, 39 of its 71 KB of CSS, parsed and matched on every page. The root's CSS
 * holds them (the shell composes them all) and comes first on every page, so a rule of any other
 * stylesheet that is exactly one of the root's, and names a module's class, is dropped from it.
 * The chunk keeps its name (hashed before this step): a dropped rule is a copy of a file that
 * chunk also carries, so any change to it renames the chunk too. A module's own rules then
 * always follow the primitives they compose and win over them, as `composes` means, instead of
 * depending on which other chunks a page happened to load after it (76 screens, both themes,
 * drew the same pixels). tests/unit/css-build.test.ts keeps it so.
 */
function sharedCssOnce(): Plugin {
  return {
    name: "shared-css-once",
    enforce: "post",
    generateBundle(_options, bundle) {
      const { chunks, withImports, cssOf } = chunkGraph(bundle);
      const root = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(`/app/root.tsx${ROUTE_CHUNK}`));
      // The CSS of the root route and of everything it imports: what every page has loaded first.
      const rootCss = cssOf(withImports(root ? [root.fileName] : []));
      if (rootCss.size === 0) throw new Error("shared-css-once: the root route's CSS was not found");
      const rules = new Set<string>();
      for (const file of rootCss) {
        const asset = bundle[file];
        if (asset?.type === "asset") postcss.parse(String(asset.source)).each((node) => void rules.add(node.toString()));
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== "asset" || !output.fileName.endsWith(".css") || rootCss.has(output.fileName)) continue;
        const sheet = postcss.parse(String(output.source));
        let dropped = false;
        sheet.each((node) => {
          const text = node.toString();
          if (!rules.has(text) || !SCOPED_CLASS.test(text)) return;
          node.remove();
          dropped = true;
        });
        if (dropped) output.source = sheet.toString();
      }
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
    command === "build" && !isSsrBuild ? staticFilesForWorker() : null,
    command === "build" && !isSsrBuild ? laterPartCss() : null,
    command === "build" && !isSsrBuild ? sharedCssOnce() : null,
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  css: {
    modules: {
      // `name_hash`: the class a rule composes is listed in the JS of every module that takes it
      // (app/styles/layout.module.css and the other primitives, decision 225), so the scoped
      // name stays short: the file's path hashed, without the default's line number.
      generateScopedName: (name: string, filename: string) => `${name}_${createHash("sha256").update(relative(fileURLToPath(new URL(".", import.meta.url)), filename.split("?")[0])).digest("base64url").slice(0, 5)}`,
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
    // Screens translate with a translator of our own over the same files, on the server and in
    // the browser (app/i18n/translator.tsx, docs/decisions.md 276, 286 and 318), as do loaders and
    // the API's messages. The browser's zod never probes `new Function`
    // (app/platform/zod-without-eval.ts).
    alias: [
      // The dev server renders in Node, which has no `cloudflare:workers` (functions/dev/cloudflare-workers.ts).
      ...(command === "serve" ? [{ find: /^cloudflare:workers$/, replacement: fileURLToPath(new URL("./functions/dev/cloudflare-workers.ts", import.meta.url)) }] : []),
      { find: /^react-i18next$/, replacement: fileURLToPath(new URL("./app/i18n/translator.tsx", import.meta.url)) },
      ...(isSsrBuild
        ? []
        : [
            { find: /^zod$/, replacement: fileURLToPath(new URL("./app/platform/zod-without-eval.ts", import.meta.url)) },
            // React Router's package points every condition at its development build, whose
            // warnings run in production (remix-run/react-router#14102); its production build is
            // the same code without them. The Worker takes it through wrangler.toml's [alias].
            { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)) },
          ]),
    ],
  },
  build: {
    // Both builds through terser with two compress passes: about 4.6 KiB less on every route
    // than esbuild's single pass, and 16 KiB gzip off the Worker, which wrangler's esbuild
    // minifies again but keeps terser's savings (decision 278). The browser's build targets the
    // service worker's and the app's own modern baseline.
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, ecma: 2020 as const },
    ...(isSsrBuild ? {} : { target: "es2022" }),
    // `npm run bench:profile` maps a CPU profile of the Worker back to source files.
    sourcemap: isSsrBuild && process.env.OVATION_SERVER_SOURCEMAP === "1",
    // Each route's CSS on its own, so a page's head carries only what its screens use
    // (docs/decisions.md 177).
    cssCodeSplit: true,
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
            // Written relative to build/server/index.js, so the build works from any checkout; one
            // file, as a screen's dynamic import() would otherwise split off chunks in assets/,
            // where those relative paths do not hold (the Worker has it all at hand anyway).
            output: { paths: (id: string) => (sharedWithWorker(id) ? relative(SERVER_BUILD, id) : id), inlineDynamicImports: true },
          }
        : {
            output: {
              // Every page loads the root route, so what the root imports travels as one file with
              // it, shared with the screens that import the same modules (docs/decisions.md #209).
              manualChunks(id: string, { getModuleInfo }: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }) {
                return rootReaches(getModuleInfo).has(id) ? "root" : undefined;
              },
            },
          }),
    },
  },
}));
