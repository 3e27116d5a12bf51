/**
 * A part of a screen whose code is not in the page's first download: the server draws it whole,
 * the browser keeps that HTML as it is while the page hydrates, and the part comes alive once its
 * own file has arrived, right after hydration (docs/decisions.md 317).
 *
 * For parts a buyer sees but does not use in the first second (a seat map, a delivery panel) or
 * does not see until they open it (a sheet's body): their weight leaves the route's first visit,
 * and since the server's HTML stays in place there is no placeholder to size and nothing moves.
 * Until the part is live its links and forms work as they do without JavaScript.
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
 * A file that did not come cannot be asked for again: by the HTML standard (and in Chromium) a
 * module that failed to load stays failed for the life of the document. Where the server's HTML is
 * on screen, that HTML stays and works as without JavaScript; a screen drawn in the browser asks
 * the server for the whole page instead, as React Router does for a route's own file.
 *
 * The page is marked interactive (`<html data-hydrated>`, root.tsx) only once every part drawn
 * at hydration is live: `whenPartsLive`. A later part's own module imports what it draws
 * directly: a later part inside one would, drawn in the browser, wait for a second file.
 */
import { startTransition, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ElementType } from "react";
import styles from "./later-part.module.css";

type Module<P> = { default: ComponentType<P> };

let waiting = 0;
const onLive: (() => void)[] = [];

function partIsLive() {
  waiting -= 1;
  if (waiting === 0) for (const callback of onLive.splice(0)) callback();
}

/** Calls `callback` once no part drawn at hydration is still waiting for its file. */
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

    useEffect(() => {
      if (Component || !kept.current) return;
      waiting += 1;
      let counted = true;
      const settle = () => {
        if (counted) partIsLive();
        counted = false;
      };
      // A part whose file did not come keeps working as the server drew it, as without JavaScript.
      void start().then(() => {
        // In a transition: should the live part wait on anything, the server's HTML stays meanwhile.
        if (loaded) return startTransition(() => setComponent(() => loaded));
        settle();
      });
      return settle;
    }, [Component]);

    if (Component) {
      return (
        <Tag className={styles.part}>
          <Component {...props} />
        </Tag>
      );
    }
    if (kept.current) return <Tag className={styles.part} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
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
