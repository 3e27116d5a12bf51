/**
 * Where the server's translations come from. The Worker reads each namespace from its static
 * assets (build/client/locales/<lng>/<ns>.json, written by the browser build from resources.ts)
 * instead of carrying them in its bundle, which the platform loads on every cold start
 * (docs/decisions.md 284), through static-files/read.ts. Node (the dev server, unit tests) reads
 * resources.ts itself.
 */
import { readStaticFilesFrom, staticFile } from "../static-files/read";
import { SUPPORTED_LANGUAGES } from "./config";

export type NamespaceData = Record<string, unknown>;

/** The static assets' address of a namespace: the same file the locales route serves the browser. */
export function namespaceFile(language: string, namespace: string): string {
  return `/locales/${language}/${namespace}.json`;
}

/**
 * Not a literal, so wrangler's bundler leaves the import out of the Worker (which reads its
 * assets instead) while Vite, under the dev server and the tests, still resolves it.
 */
const BUNDLED = "./resources";

async function readBundled(language: string, namespace: string): Promise<NamespaceData | null> {
  const { resources } = (await import(/* @vite-ignore */ BUNDLED)) as { resources: Record<string, Record<string, NamespaceData>> };
  return resources[language]?.[namespace] ?? null;
}

/** A language and namespace the store may be asked for: anything else is no file. */
function known(language: string, namespace: string): boolean {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language) && /^[a-z][a-z-]*$/.test(namespace);
}

/**
 * Reads every namespace from the Worker's static assets from now on (functions/worker.ts), and
 * with them the other files the Worker keeps there (the FAQ, the agreements: static-files/read.ts).
 */
export function readTranslationsFrom(assets: Fetcher): void {
  readStaticFilesFrom(assets);
}

/** One namespace of one language, or null when there is none; read once per isolate. */
export function namespaceOf(language: string, namespace: string): Promise<NamespaceData | null> {
  if (!known(language, namespace)) return Promise.resolve(null);
  return staticFile(namespaceFile(language, namespace), () => readBundled(language, namespace));
}
