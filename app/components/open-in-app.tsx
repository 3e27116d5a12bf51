/**
 * 'Open in the app' on the screens the app has (SPEC §1: show-list, tourDetail, tourList), for a
 * phone's browser outside the app: the link is the ovation:// address itself (all a page without
 * JavaScript can offer); with JavaScript, when no app takes it the web page stays (openInApp).
 */
import { useLocation } from "react-router";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AppFrame } from "../../functions/web/app-context";
import { appLinkOfWebPath, openInApp } from "~/platform/deep-links";
import styles from "./open-in-app.module.css";

/** The root hands down what the bar reads of its data (it renders the bar), undefined while an error page renders. */
export function OpenInAppBar({ root }: { root: { platform: string; appFrame: AppFrame } | undefined }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const webPath = `${pathname}${search}`;
  const link = appLinkOfWebPath(webPath);
  if (!link || root?.platform !== "H5" || root.appFrame.source) return null;

  function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    // The page the buyer is on is the fallback: staying here is the web page.
    openInApp(webPath, {
      go: (url) => (url === webPath ? undefined : window.location.assign(url)),
      stillHere: () => document.visibilityState === "visible",
      setTimeout: (run, ms) => window.setTimeout(run, ms),
    });
  }

  return (
    <div className={styles.bar}>
      <span className={styles.logo} aria-hidden="true">
        O
      </span>
      <span className={styles.text}>{t("openInApp.text")}</span>
      <a href={link} className={styles.open} onClick={open} data-testid="open-in-app">
        {t("openInApp.action")}
      </a>
    </div>
  );
}
