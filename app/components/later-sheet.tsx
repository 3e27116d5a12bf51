/**
 * A sheet whose code is not part of its page's first download: the page draws its trigger
 * (sheet-trigger.tsx) and this holder, and the sheet itself (a lazy component the page passes as
 * `children`) is fetched once the page is hydrated and the browser is idle, so a tap finds it
 * there and opens it in place.
 *
 * A sheet the address opens is drawn by the server in the first HTML, as before (the page hands
 * the server its sheet eagerly: `import.meta.env.SSR ? Eager : lazy(…)`, which the browser's
 * build drops). While hydrating, the Suspense boundary keeps that server HTML until the code
 * arrives; opened by the address before then, the sheet's frame shows with its title over
 * skeleton lines, never a blank screen. A closed sheet draws nothing until its code is in.
 *
 *   const Dates = import.meta.env.SSR ? DateFilter : lazy(() => import("./date-filter"));
 *   <LaterSheet sheet={dates} title={t("dates.title")}><Dates … /></LaterSheet>
 */
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { SheetControl } from "./sheet-trigger";
import { SkeletonText } from "./skeleton";
import styles from "./sheet.module.css";

/** False on the server and while hydrating; true once the browser has had an idle moment after it. */
function useIdleAfterHydration(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a task after the hydration's own is the nearest.
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(handle);
  }, []);
  return idle;
}

export function LaterSheet({ sheet, open = false, title, children }: { sheet: SheetControl; open?: boolean; title: ReactNode; children: ReactNode }) {
  const shown = sheet.open || open;
  const idle = useIdleAfterHydration();
  if (!shown && !idle) return null;
  return <Suspense fallback={shown ? <SheetFrameSkeleton sheet={sheet} title={title} /> : null}>{children}</Suspense>;
}

/** The open sheet's frame while its code is on its way: the panel pages show without JavaScript, its body still to come. */
function SheetFrameSkeleton({ sheet, title }: { sheet: SheetControl; title: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.static} role="dialog" aria-modal="true" aria-busy="true" data-testid="sheet-skeleton">
      <Link to={sheet.closeHref} replace preventScrollReset className={styles.scrim} aria-label={t("close")} tabIndex={-1} />
      <div className={styles.sheet}>
        <div className={styles.panel}>
          <span className={styles.grabber} aria-hidden="true" />
          <header className={styles.header}>
            <h2 className={styles.title}>{title}</h2>
          </header>
          <div className={styles.body}>
            <p>
              <SkeletonText width="80%" />
            </p>
            <p>
              <SkeletonText width="65%" />
            </p>
            <p>
              <SkeletonText width="72%" />
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
