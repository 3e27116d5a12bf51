/**
 * A discovery list's address as its loader reads it (events, the Tags view, the tour list). The
 * query values are the JSON API's; one we cannot read, or one the domain does not list (a
 * category, tag or place), is dropped and the viewer sent to the list without it, back at its
 * first page, so a stale or hand-edited address still shows a list.
 */
import { redirect } from "react-router";
import type { z } from "zod";
import { CODES, MarketError } from "@market/errors";
import { notFoundResponse } from "./refusal.server";

/** The list's address without these query values, and at its first page. */
export function listWithout(url: URL, path: string, keys: readonly string[]): string {
  const params = new URLSearchParams(url.searchParams);
  for (const key of [...keys, "page"]) params.delete(key);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The query read by the list's schema. A value it cannot read is dropped by a redirect; one of
 * `required` (what the page is about, as the Tags view's category and tag) is a 404 instead.
 */
export function readListQuery<T>(url: URL, path: string, schema: z.ZodType<T>, required: readonly string[] = []): T {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (parsed.success) return parsed.data;
  const wrong = parsed.error.issues.map((issue) => String(issue.path[0]));
  if (wrong.some((key) => required.includes(key))) throw notFoundResponse();
  throw redirect(listWithout(url, path, wrong));
}

/** For a list loader's catch: a value the domain does not list becomes the list without it; anything else is rethrown. */
export function dropUnlisted(error: unknown, url: URL, path: string): never {
  if (error instanceof MarketError && error.code === CODES.invalidParam && typeof error.params.field === "string") {
    throw redirect(listWithout(url, path, [error.params.field]));
  }
  throw error;
}
