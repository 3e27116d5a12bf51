/**
 * A part of a screen whose code is not in the page's first download: the server draws it whole,
 * the browser keeps that HTML as it is while the page hydrates, and the part comes alive once its
 * own file has arrived, when it is due (docs/decisions.md 317, 320).
 *
 * For parts a buyer sees but does not use in the first second (a seat map, a delivery panel) or
 * does not see until they open it (a sheet's body): their weight leaves the route's first visit,
 * and since the server's HTML stays in place there is no placeholder to size and nothing moves.
 *
 *   const SeatMap = laterPart(() => import("./seat-map"), "div");
 *   <SeatMap {...props} />
 *
 * How: while hydrating, the part renders its wrapper with an empty `dangerouslySetInnerHTML`, so
 * React adopts the wrapper and leaves what the server drew inside it untouched; once the module
 * is loaded the part renders the component, and React replaces that HTML with the live one (the
 * same markup). Rendered later in the browser (a navigation), it waits for its file inside the
 * navigation's transition, so the screen changes once, whole. On the server it renders the
 * component (the server's build carries every module; its first render waits one microtask).
 *
 * When a part the server drew is due: at once if it is on screen or within a screen of it; when
 * the page is idle if it has no box (a closed sheet); otherwise as the buyer scrolls within a
 * screen of it (its file is fetched when the page is idle all the same). Replacing HTML nobody
 * sees is work a slow phone does while the buyer waits for their first tap. A tap or focus inside
 * it makes it due at once. Until it is live its forms work as without JavaScript, its links go to
 * their page without a new document, and a sheet opened in its HTML is opened again once live.
 * New props meanwhile do not wake it: its HTML is then out of date only where the buyer cannot
 * see it, and it comes alive with the props of the moment.
 *
 * A file that did not come cannot be asked for again: by the HTML standard (and in Chromium) a
 * module that failed to load stays failed for the life of the document. Where the server's HTML is
 * on screen, that HTML stays and works as above; a screen drawn in the browser asks the server for
 * the whole page instead, as React Router does for a route's own file.
 *
 * The page is marked interactive (`<html data-hydrated>`, root.tsx) only once every part due at
 * hydration (on or near the screen, or a closed sheet) is live: `whenPartsLive`. A later part's
 * own module imports what it draws directly: a later part inside one would, drawn in the browser,
 * wait for a second file.
 */
import { startTransition, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ElementType, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import styles from "./later-part.module.css";

type Module<P> = { default: ComponentType<P> };

let waiting = 0;
const onLive: (() => void)[] = [];

function partIsLive() {
  waiting -= 1;
  if (waiting === 0) for (const callback of onLive.splice(0)) callback();
}

/** Calls `callback` once no part that was due at hydration is still waiting for its file. */
export function whenPartsLive(callback: () => void): void {
  if (waiting === 0) callback();
  else onLive.push(callback);
}

const subscribe = () => () => undefined;

let reloading = false;
function askServerForScreen() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * How far outside the viewport a part starts to come alive, in screens above and below: a buyer
 * scrolling at a normal pace finds it live (a list's next page is asked for at 400px). Read both
 * at hydration (`dueOf`) and as the buyer scrolls (`whenNear`).
 */
const NEAR_SCREENS = 1;

/** When a part drawn by the server is due to come alive. */
type Due = "now" | "idle" | "near";

function dueOf(wrapper: HTMLElement): Due {
  const boxes = [...wrapper.children].filter((child) => child.getClientRects().length > 0);
  // No box (a closed sheet): nothing to see or lay out, so it can wait until the page is idle.
  if (boxes.length === 0) return "idle";
  const margin = NEAR_SCREENS * window.innerHeight;
  const near = boxes.some((box) => {
    const rect = box.getBoundingClientRect();
    return rect.bottom > -margin && rect.top < window.innerHeight + margin;
  });
  return near ? "now" : "near";
}

/** Runs `callback` when the browser is idle (within two seconds); returns how to cancel it. */
function whenIdle(callback: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (!window.requestIdleCallback) return clearTimeout.bind(window, setTimeout(callback, 200));
  return cancelIdleCallback.bind(window, requestIdleCallback(callback, { timeout: 2000 }));
}

/** Runs `callback` once an element child of `wrapper` comes within NEAR_SCREENS of the viewport. */
function whenNear(wrapper: HTMLElement, callback: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: `${NEAR_SCREENS * 100}% 0px` },
  );
  for (const child of wrapper.children) observer.observe(child);
  return () => observer.disconnect();
}

/** The link a plain click inside the server's HTML would follow in this tab, if any. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
  const plain = !(event.defaultPrevented || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
  return plain && link && !link.target && !link.hasAttribute("download") && link.origin === location.origin ? link : null;
}

/** The part `load` imports, drawn inside a `tag` (display: contents) that must be valid where it is placed. */
export function laterPart<P extends object>(load: () => Promise<Module<P>>, tag: ElementType = "div"): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  // Kept for the life of the document: import() of the same file would fail again at once.
  let failed = false;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      () => {
        failed = true;
      },
    ));

  function LaterPart(props: P) {
    const Tag = tag;
    // True on the server and while hydrating: the HTML in the document is the server's.
    const fromServer = useSyncExternalStore(
      subscribe,
      () => false,
      () => true,
    );
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    // Whether this part was adopted from the server's HTML, fixed at its first render.
    const kept = useRef<boolean | null>(null);
    kept.current ??= Component === null && fromServer && typeof document !== "undefined";
    const wrapper = useRef<HTMLElement>(null);
    const navigate = useNavigate();
    // The buyer reached into the part (a tap, focus) before it was due: it comes alive at once.
    const [touched, setTouched] = useState(false);
    // The sheet the buyer opened in the server's HTML, opened again once the part is live.
    const openDialog = useRef<string | undefined>(undefined);

    // Whether this part holds back `data-hydrated`: one due at hydration does, one far down the
    // page does not.
    const holding = useRef(false);
    const release = () => {
      if (holding.current) partIsLive();
      holding.current = false;
    };
    useEffect(() => release, []);

    useEffect(() => {
      const element = wrapper.current;
      if (Component || !kept.current || !element) return;
      const due: Due = touched ? "now" : dueOf(element);
      if (!holding.current && due !== "near" && !document.documentElement.dataset.hydrated) {
        holding.current = true;
        waiting += 1;
      }
      // A part whose file did not come keeps working as the server drew it, as without JavaScript.
      const comeAlive = () =>
        void start().then(() => {
          if (!loaded) return release();
          openDialog.current = element.querySelector("dialog[open]")?.id;
          // In a transition: should the live part wait on anything, the server's HTML stays meanwhile.
          startTransition(() => setComponent(() => loaded));
        });
      if (due === "now") return comeAlive();
      if (due === "idle") return whenIdle(comeAlive);
      // Its file is fetched when the page is idle all the same: a screen drawn later in the
      // browser (Back to this list, say) then has it at once, even with no signal.
      const stopFetch = whenIdle(() => void start());
      const stopWatch = whenNear(element, comeAlive);
      return () => {
        stopFetch();
        stopWatch();
      };
    }, [Component, touched]);

    useEffect(() => {
      if (!Component) return;
      release();
      // After the sheets' own effects (a parent's run after its children's), which close a sheet
      // the address does not name.
      const dialog = openDialog.current && document.getElementById(openDialog.current);
      if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
    }, [Component]);

    if (Component) {
      return (
        <Tag className={styles.part}>
          <Component {...props} />
        </Tag>
      );
    }
    if (kept.current) {
      const wake = () => setTouched(true);
      return (
        <Tag
          ref={wrapper}
          className={styles.part}
          dangerouslySetInnerHTML={{ __html: "" }}
          suppressHydrationWarning
          onPointerDown={wake}
          onFocus={wake}
          onClick={(event: MouseEvent) => {
            // A link in the server's HTML goes where the live part's would, without a new document.
            const link = followedLink(event);
            if (!link) return;
            event.preventDefault();
            navigate(link.pathname + link.search + link.hash);
          }}
        />
      );
    }
    // A screen drawn in the browser whose part's file could not be fetched, now or earlier in
    // this document: the navigation has already set the address, so loading the document again
    // brings the screen whole from the server (or, with no signal, the service worker's offline
    // page, which retries by itself). The old screen stays until then.
    if (failed) {
      askServerForScreen();
      throw new Promise<never>(() => undefined);
    }
    // The server, or a screen drawn in the browser: wait for the module, then draw it.
    throw start();
  }
  LaterPart.displayName = "LaterPart";
  return LaterPart;
}
