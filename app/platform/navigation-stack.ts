/**
 * The page stack (SPEC §2, §9). The screens are pages of one history; this module keeps its own
 * record of the stack so the rules can be applied before the router moves:
 *
 * - open: at most 10 pages are stacked; opening another when 10 are replaces the current one.
 *   The same page with the same parameters within 500 ms opens once (the throttle). An open
 *   that fails falls back to switching tab (the tab bar's pages always open).
 * - back: from the first page, the host app's back when embedded, home when the page was opened
 *   from an ad, browser history otherwise. Back may go a number of steps, or to a named route
 *   (the latest such page in the stack; a route not in the stack is opened in place).
 * - clearTo: back to the root, then the page opens 300 ms later (the history settles first).
 * - after sign-in: the sign-in pages are taken out of the stack, so Back never lands on them.
 */
import { createNavigationThrottle } from "./navigation-throttle";

export const PAGE_STACK_MAX = 10;
export const CLEAR_TO_DELAY_MS = 300;
export const TAB_PATHS = ["/", "/show-list", "/news", "/mine"] as const;
/** Pages a buyer passes through to sign in; never a place for Back to land. */
export const SIGN_IN_PATHS = ["/login", "/login/code", "/register", "/password/reset"] as const;

/** What actually moves the page (the router and the browser, or a test's recorder). */
export interface Navigator {
  push(to: string): void;
  replace(to: string): void;
  /** Goes `steps` back in the history; `fallback` is where a first page with no history before it goes. */
  back(steps: number, fallback?: string): void;
  switchTab(to: string): void;
}

export interface NavigationDeps {
  navigator: Navigator;
  /** Inside our app or a partner's: the host goes back from the first page. */
  isEmbedded: () => boolean;
  /** The host's back; `fallback` for a host that does not answer. */
  hostGoBack: (fallback?: string) => void;
  /** The first page was opened from an ad (its address carries ad fields). */
  cameFromAd: () => boolean;
  now?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  /** The stack already there (the page that loaded first). */
  initial?: string[];
}

const pathOf = (to: string) => new URL(to, "http://page.invalid").pathname;
export const isSignInPath = (to: string) => (SIGN_IN_PATHS as readonly string[]).includes(pathOf(to));

export function createPageStack(deps: NavigationDeps) {
  const allow = createNavigationThrottle(undefined, deps.now);
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  let stack: string[] = [...(deps.initial ?? [])];

  function open(to: string, options: { replace?: boolean } = {}): boolean {
    if (!allow(to)) return false;
    const replacing = options.replace || stack.length >= PAGE_STACK_MAX;
    try {
      if (replacing) deps.navigator.replace(to);
      else deps.navigator.push(to);
    } catch {
      deps.navigator.switchTab(to);
      stack = [to];
      return true;
    }
    if (replacing && stack.length > 0) stack[stack.length - 1] = to;
    else stack.push(to);
    return true;
  }

  function back(target: number | string = 1, fallback?: string): void {
    if (typeof target === "string") {
      const path = pathOf(target);
      const at = stack.map(pathOf).lastIndexOf(path);
      if (at === -1 || at === stack.length - 1) {
        if (at === -1) open(target, { replace: true });
        return;
      }
      back(stack.length - 1 - at);
      return;
    }
    if (stack.length <= 1) {
      if (deps.isEmbedded()) deps.hostGoBack(fallback);
      else if (deps.cameFromAd()) {
        deps.navigator.replace("/");
        stack = ["/"];
      } else deps.navigator.back(1, fallback);
      return;
    }
    const steps = Math.max(1, Math.min(target, stack.length - 1));
    stack = stack.slice(0, stack.length - steps);
    deps.navigator.back(steps);
  }

  function clearTo(to: string): void {
    if (stack.length > 1) {
      deps.navigator.back(stack.length - 1);
      stack = stack.slice(0, 1);
    }
    later(() => open(to, { replace: stack.length === 1 && isSignInPath(stack[0]) }), CLEAR_TO_DELAY_MS);
  }

  /**
   * After sign-in: goes to `to` in place of the sign-in pages, so the page that sent the buyer
   * to sign in is right behind it and Back lands there, never on a sign-in page.
   */
  function afterSignIn(to: string): void {
    let signInPages = 0;
    while (stack.length - signInPages > 0 && isSignInPath(stack[stack.length - 1 - signInPages])) signInPages++;
    if (signInPages > 1) {
      deps.navigator.back(signInPages - 1);
      stack = stack.slice(0, stack.length - (signInPages - 1));
    }
    deps.navigator.replace(to);
    if (stack.length > 0) stack[stack.length - 1] = to;
    else stack.push(to);
  }

  /** The router moved on its own (a link, the browser's back): keep the record in step. */
  function record(to: string, kind: "push" | "replace" | "pop"): void {
    if (kind === "push") stack.push(to);
    else if (kind === "replace" && stack.length > 0) stack[stack.length - 1] = to;
    else if (kind === "pop") {
      const at = stack.lastIndexOf(to);
      stack = at === -1 ? [to] : stack.slice(0, at + 1);
    } else stack = [to];
    if (stack.length > PAGE_STACK_MAX) stack = stack.slice(-PAGE_STACK_MAX);
  }

  return { open, back, clearTo, afterSignIn, record, stack: () => [...stack] };
}

export type PageStack = ReturnType<typeof createPageStack>;
