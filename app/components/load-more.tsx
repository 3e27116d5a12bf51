/**
 * 'Load more' for paged lists (SPEC §2: load more when the user scrolls within 400 of the
 * bottom). With JavaScript, a sentinel after the list asks the JSON API for the next page as it
 * comes within 400px of the viewport through the page's request client (SPEC §7's headers, the
 * partner routing), in the viewer's language and currency, and the page grows in place. Without JavaScript the same element is a plain link to
 * the next page's address.
 */
import { useRouteLoaderData } from "react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Page } from "@market/paging/list-page";
import type { loader as rootLoader } from "~/root";
import { showToast } from "./toaster";
import { laterPart } from "./later-part";

interface LoadMoreOptions<T> {
  /** The page the server rendered. */
  first: Page<T>;
  /** The JSON API address of a page. */
  apiUrl: (page: number) => string;
  /** The web address of a page, for the link without JavaScript. */
  pageHref: (page: number) => string;
  /** The page in the API's answer, when the answer carries more than the page (pick-seat's listings). */
  pageOf?: (data: unknown) => Page<T>;
}

/**
 * The pages of a list shown so far, from the server's first one; new server data (another filter
 * or tab, a revalidation) starts the list again, and `onRestart` with it. Adjusted while
 * rendering, not in an effect: an effect would render the whole list a second time right after
 * hydration, in one task the buyer's first tap waits behind.
 */
export function usePagesFrom<T>(first: Page<T>, onRestart?: () => void) {
  const [pages, setPages] = useState<Page<T>[]>([first]);
  const [grownFrom, setGrownFrom] = useState(first);
  if (grownFrom !== first) {
    setGrownFrom(first);
    setPages([first]);
    onRestart?.();
  }
  return [pages, setPages] as const;
}

export function useLoadMore<T>({ first, apiUrl, pageHref, pageOf }: LoadMoreOptions<T>) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const [pages, setPages] = usePagesFrom(first, () => setState("idle"));
  const inFlight = useRef<AbortController | null>(null);
  // A page still loading for the old data is dropped.
  useEffect(() => () => inFlight.current?.abort(), [first]);

  const last = pages[pages.length - 1]!;

  const load = useCallback(async () => {
    if (inFlight.current || !last.hasMore) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState("loading");
    try {
      const header: Record<string, string> = {};
      if (root?.language) header.lan = root.language;
      if (root?.currency) header.cc = root.currency;
      // The request client is fetched with the first further page, not with the list's screen.
      const { pageRequests } = await import("~/platform/page-requests");
      const body = await pageRequests().request<Page<T> | null>({ url: apiUrl(last.page + 1), header, importance: "high", noToast: true, signal: controller.signal });
      if (body.statusCode !== 200 || !body.data) throw new Error(`load more answered ${body.statusCode}`);
      const next = pageOf ? pageOf(body.data) : body.data;
      setPages((current) => (current.some((page) => page.page === next.page) ? current : [...current, next]));
      setState("idle");
    } catch (error) {
      if (controller.signal.aborted) return;
      setState("failed");
      showToast({ kind: "error", key: "errors:network" });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [apiUrl, last, pageOf, root?.currency, root?.language]);

  return {
    items: pages.flatMap((page) => page.list),
    total: last.total,
    hasMore: last.hasMore,
    state,
    load,
    nextHref: pageHref(last.page + 1),
    /** Pages loaded so far (grows as the list does). */
    pageCount: pages.length,
  };
}

/**
 * The list's end: the sentinel and its 'Load more' link (load-more-link.tsx), which the server
 * draws and which comes alive after the page is interactive (decision 317).
 */
export const LoadMore = laterPart(() => import("./load-more-link"));
