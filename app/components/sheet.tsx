/**
 * A bottom sheet (a modal on a phone-width column) that works with and without JavaScript.
 *
 * A sheet has a name, and its open state lives in the address: `?sheet=<name>`. Its trigger is
 * a real link to that address, so without JavaScript the page is simply rendered again with the
 * sheet open (a fixed panel over a scrim that links back), and every form inside it still posts
 * or navigates. With JavaScript the same link opens a native <dialog> as a modal without a
 * round trip (focus trap, Escape and backdrop tap close it), and a navigation (a form inside it
 * submitting, say) closes it.
 *
 *   const dates = useSheet("dates");
 *   <SheetTrigger sheet={dates}>Dates</SheetTrigger>
 *   <Sheet sheet={dates} title="When?">…</Sheet>
 *
 * `open` keeps a sheet open whatever the address says: a form inside that came back with
 * errors stays in front of the buyer.
 */
import { Link, useLocation, useNavigate } from "react-router";
import { useCallback, useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SheetControl } from "./sheet-trigger";
import { usePanelUntilHydrated } from "./hydrated";
import { keepFocusInside } from "./focus-trap";
import styles from "./sheet.module.css";

export { SHEET_PARAM, SheetTrigger, showSheet, useSheet, type SheetControl } from "./sheet-trigger";

interface SheetProps {
  sheet: SheetControl;
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Keep the sheet open whatever the address says (e.g. a form inside came back with errors). */
  open?: boolean;
  children: ReactNode;
}

export function Sheet({ sheet, title, description, open: forced = false, children }: SheetProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const routeOpen = sheet.open || forced;
  // Before hydration (and always without JavaScript) an open sheet is a plain fixed panel.
  const asPanel = usePanelUntilHydrated(routeOpen);
  // The address at the moment the dialog closes decides whether closing navigates.
  const latest = useRef(sheet);
  latest.current = sheet;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (routeOpen) {
      if (!dialog.matches(":modal")) {
        if (dialog.open) dialog.close();
        dialog.showModal();
      }
    } else if (dialog.open) {
      dialog.close();
    }
    // A navigation (location.key) closes a sheet the buyer opened in place.
  }, [routeOpen, location.key, asPanel]);

  const onClose = useCallback(() => {
    // Closing a sheet the address opened takes the address back, so a reload does not reopen it.
    if (latest.current.open) navigate(latest.current.closeHref, { replace: true, preventScrollReset: true });
  }, [navigate]);

  const close = useCallback(() => ref.current?.close(), []);

  const panel = (
    <div className={styles.panel}>
      <span className={styles.grabber} aria-hidden="true" />
      <header className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        <Link
          to={sheet.closeHref}
          replace
          preventScrollReset
          className={styles.close}
          aria-label={t("close")}
          onClick={(event) => {
            if (ref.current?.open) {
              event.preventDefault();
              close();
            }
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </Link>
      </header>
      <div className={styles.body}>{children}</div>
    </div>
  );

  if (asPanel) {
    return (
      <div className={styles.static} id={sheet.id} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <Link to={sheet.closeHref} replace preventScrollReset className={styles.scrim} aria-label={t("close")} tabIndex={-1} />
        <div className={styles.sheet}>{panel}</div>
      </div>
    );
  }

  return (
    <dialog
      ref={ref}
      id={sheet.id}
      className={`${styles.sheet} ${styles.dialog}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog itself; taps on the panel land inside it.
        if (event.target === event.currentTarget) close();
      }}
    >
      {panel}
    </dialog>
  );
}
