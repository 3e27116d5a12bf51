/**
 * The screens a buyer reaches instead of a record: nothing at this address (not found), an
 * order of another account, and no network on the way to it (offline). Each is one whole screen wherever it is met (a route's own
 * state, an error boundary, the catch-all route): Back and a title at the top, what happened
 * with a way on, and the tab bar, so the buyer is never stranded.
 */
import { Link, useLocation, useMatches, useRevalidator } from "react-router";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "./page-header";
import { SignOutForm } from "./sign-out-form";
import { TabBar } from "./tab-bar";
import styles from "./state-screen.module.css";

/** Back, a title, the state, and the tab bar (unless the tab layout around it draws one). */
function StateScreen({ title, fallback, testId, children }: { title: string; fallback: string; testId: string; children: ReactNode }) {
  const inTabs = useMatches().some((match) => match.id === "routes/tabs");
  return (
    <div className={styles.page} data-testid={testId}>
      <PageHeader title={title} fallback={fallback} />
      <main className={styles.main}>{children}</main>
      {inTabs ? null : <TabBar />}
    </div>
  );
}

/** The ticket drawn over a screen that has nothing to show (not found, an error). */
export function TicketArt({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 120 120" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--color-brand-soft)" />
      <path d="M34 46h52v10a8 8 0 0 0 0 16v10H34V72a8 8 0 0 0 0-16Z" fill="var(--color-brand)" />
      <path d="M52 50v28" stroke="#fff" strokeWidth="3" strokeDasharray="4 4" />
    </svg>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation(["common", "errors"]);
  return (
    <StateScreen title={t("notFound.title")} fallback="/" testId="not-found">
      <section className={styles.state}>
        <TicketArt className={styles.art} />
        <h2 className={styles.headline}>{t("errors:notFound")}</h2>
        <Link className={styles.action} to="/">
          {t("tabs.home")}
        </Link>
      </section>
    </StateScreen>
  );
}

/**
 * An order opened from an account that did not place it (SPEC §6): says so, offers to sign out
 * and sign in again with the account that placed it (coming back to this page), and shows
 * nothing of the order.
 */
export function OtherAccountScreen({ fallback = "/my-order" }: { fallback?: string }) {
  const { t } = useTranslation(["common", "errors"]);
  const location = useLocation();
  return (
    <StateScreen title={t("otherAccount.title")} fallback={fallback} testId="order-of-another-account">
      <section className={styles.state}>
        <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="17" r="8" />
          <path d="M9 40c1.5-8 7.6-12 15-12s13.5 4 15 12" />
          <path d="m33 8 8 8m0-8-8 8" />
        </svg>
        <p className={styles.body}>{t("errors:orderOfAnotherAccount")}</p>
        <SignOutForm className={styles.action} redirectTo={`${location.pathname}${location.search}`}>
          {t("otherAccount.signOut")}
        </SignOutForm>
      </section>
    </StateScreen>
  );
}

/**
 * A page whose data could not be fetched because the device is offline (a tapped link, with
 * JavaScript on). It is asked for again on Try again, and by itself when the network is back
 * (ConnectionStatus); pages opened before stay readable from the service worker (public/sw.js).
 */
export function OfflineScreen() {
  const { t } = useTranslation(["common", "errors"]);
  const revalidator = useRevalidator();
  // The first request after the device says it is online again can still fail (the radio or a
  // proxy is not back yet): while this screen shows and the device says online, ask again every
  // 2 s, so the page still comes back by itself.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const timer = setInterval(() => {
      // A request that fails again leaves this screen up for the next try, not an uncaught error.
      if (navigator.onLine && latest.current.state === "idle") latest.current.revalidate().catch(() => undefined);
    }, 2000);
    return () => clearInterval(timer);
  }, []);
  return (
    <StateScreen title={t("errors:offline.title")} fallback="/" testId="offline">
      <section className={styles.state}>
        <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true">
          <path d="M6 18a26 26 0 0 1 36 0M12 25a17 17 0 0 1 24 0M18 32a8 8 0 0 1 12 0" />
          <circle cx="24" cy="38" r="1.5" />
          <path d="m8 8 32 32" />
        </svg>
        <h2 className={styles.headline}>{t("errors:offline.title")}</h2>
        <p className={styles.body}>{t("errors:offline.body")}</p>
        <button type="button" className={styles.action} onClick={() => revalidator.revalidate()} disabled={revalidator.state === "loading"}>
          {t("errors:offline.retry")}
        </button>
        <p className={styles.body} role="status">
          {revalidator.state === "loading" ? t("errors:offline.retrying") : t("errors:offline.noSavedTickets")}
        </p>
      </section>
    </StateScreen>
  );
}
