/**
 * The JS each route makes a first visit download, read from the build's own route manifest
 * (build/client/assets/manifest-*.js, the `window.__reactRouterManifest` React Router writes):
 * the entry and its imports, then every route from the root down to the page with each one's
 * module and imports. Lazily loaded code (dynamic imports: sheets, the seat map's interactivity)
 * is not in those lists and so is not counted, exactly as a browser would not fetch it yet.
 * Each file is gzipped on its own, as it travels. Used by the JS budget test and by the bench.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { GZIP_LEVEL } from "./size";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface BrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface RouteJs {
  /** The route id, e.g. "routes/home". */
  id: string;
  /** Every JS file of a first visit, largest first, gzip bytes each. */
  files: { path: string; gzip: number }[];
  gzip: number;
  /** Stylesheets the route chain links (render-blocking unless inlined). */
  css: string[];
}

/** Reads the route manifest the build wrote into `clientDir`/assets. */
export function readBrowserManifest(clientDir: string): BrowserManifest {
  const assets = join(clientDir, "assets");
  if (!existsSync(assets)) throw new Error(`no client build at ${clientDir}: run npm run build first`);
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${assets}`);
  const source = readFileSync(join(assets, file), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as BrowserManifest;
}

/** The first-visit JS of every route in the build, keyed by route id. */
export function routeJs(clientDir: string): Map<string, RouteJs> {
  const manifest = readBrowserManifest(clientDir);
  const sizes = new Map<string, number>();
  const gzipOf = (path: string) => {
    let size = sizes.get(path);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, path)), { level: GZIP_LEVEL }).length;
      sizes.set(path, size);
    }
    return size;
  };
  const result = new Map<string, RouteJs>();
  for (const route of Object.values(manifest.routes)) {
    const chain: ManifestRoute[] = [];
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) chain.unshift(at);
    const paths = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    const css = new Set<string>();
    for (const link of chain) {
      paths.add(link.module);
      for (const path of link.imports ?? []) paths.add(path);
      for (const path of link.css ?? []) css.add(path);
    }
    const files = [...paths].map((path) => ({ path, gzip: gzipOf(path) })).sort((a, b) => b.gzip - a.gzip);
    result.set(route.id, { id: route.id, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0), css: [...css] });
  }
  return result;
}
