import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useTranslation } from "react-i18next";
import { NotFoundScreen, OfflineScreen, TicketArt } from "./state-screen";
import styles from "./error-view.module.css";

/**
 * The one error view every route's ErrorBoundary delegates to: not found, or something went
 * wrong, in the viewer's language, with a way back. Stack traces never reach the page.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isOfflineFailure(error)) return <OfflineScreen />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof document !== "undefined") console.error(error);
  return notFound ? <NotFoundScreen /> : <ErrorView kind="unknown" />;
}

/**
 * The browser could not reach us for a page's data: the device is offline, or the fetch itself
 * failed with the TypeError each browser gives a network failure (Chromium, Firefox, Safari).
 * An answer from us, even a 500, is never one.
 */
const NETWORK_FAILURE = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;

function isOfflineFailure(error: unknown): boolean {
  if (typeof navigator === "undefined") return false;
  return navigator.onLine === false || (error instanceof TypeError && NETWORK_FAILURE.test(error.message));
}

export function ErrorView({ kind }: { kind: "notFound" | "unknown" | "network" }) {
  const { t } = useTranslation();
  return (
    <main className={styles.view}>
      <TicketArt className={styles.art} />
      <h1 className={styles.title}>{t(`errors:${kind}`)}</h1>
      <div className={styles.actions}>
        {kind !== "notFound" ? (
          <a className={styles.primary} href="">
            {t("retry")}
          </a>
        ) : null}
        <Link className={kind === "notFound" ? styles.primary : styles.secondary} to="/">
          {t("tabs.home")}
        </Link>
      </div>
    </main>
  );
}
