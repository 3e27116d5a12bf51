/**
 * Files the Worker reads from its own static assets instead of carrying them in its bundle, which
 * the platform loads on every cold start: the translations (docs/decisions.md 284), the FAQ and the
 * agreements (306). The browser build writes each into build/client (vite.config.ts); the Worker
 * reads it through the ASSETS binding, once per isolate. Node (the dev server, unit tests) has no
 * such binding: there each reader builds the file from the module that holds it.
 */
import type { Language } from "../context/language";

let assets: Fetcher | null = null;

/** Reads every file from the Worker's static assets from now on (functions/worker.ts, through translations/store.ts). */
export function readStaticFilesFrom(binding: Fetcher): void {
  assets = binding;
  kept.clear();
}

async function fetchFile(binding: Fetcher, path: string): Promise<unknown> {
  const response = await binding.fetch(new URL(path, "https://assets.local"));
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`static file ${path}: ${response.status}`);
  return response.json();
}

/** Each file is read once per isolate: a build's files never change under it. */
const kept = new Map<string, Promise<unknown>>();

/**
 * The file at `path` (from the assets' root), or null when there is none. Without the assets
 * binding, `fromSource` builds it from the module that holds it, imported by a name that is not
 * a literal, so wrangler's bundler leaves that module out of the Worker while Vite resolves it.
 */
export function staticFile<T>(path: string, fromSource: () => Promise<T | null>): Promise<T | null> {
  let data = kept.get(path);
  if (!data) {
    data = assets ? fetchFile(assets, path) : fromSource();
    // A failed read is not kept: the next request asks again rather than the isolate going without.
    data.catch(() => kept.delete(path));
    kept.set(path, data);
  }
  return data as Promise<T | null>;
}

/** The static assets' address of a long text in one language (the FAQ, the agreements). */
export function textFile(language: Language, name: string): string {
  return `/texts/${language}/${name}.json`;
}

/** A long text in one language. The build always writes it, so its absence is a broken build: thrown. */
export async function textOf<T>(language: Language, name: string, fromSource: () => Promise<T>): Promise<T> {
  const data = await staticFile<T>(textFile(language, name), fromSource);
  if (data === null) throw new Error(`static file ${textFile(language, name)} is missing`);
  return data;
}
