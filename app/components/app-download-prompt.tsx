/**
 * The 'download the app' card on the order and payment screens: what the app adds, and a way to
 * put it away. With JavaScript 'Not now' is a button and the choice is remembered on the device;
 * before that (and without JavaScript) it is the label of a checkbox that hides the card for
 * this page, so dismissing works either way.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./app-download-prompt.module.css";

const DISMISSED_KEY = "ovation_appPromptDismissed";

export function AppDownloadPrompt() {
  const { t } = useTranslation("order");
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    try {
      if (window.localStorage.getItem(DISMISSED_KEY) === "1") setDismissed(true);
    } catch {
      // Private mode without storage: the card simply shows again next time.
    }
  }, []);

  if (dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // As above.
    }
  };

  return (
    <div className={styles.wrap}>
      {hydrated ? null : <input type="checkbox" id={id} className={styles.toggle} onChange={dismiss} />}
      <aside className={styles.card} aria-label={t("download.title")} data-testid="app-download-prompt">
        <span className={styles.logo} aria-hidden="true">
          O
        </span>
        <div className={styles.text}>
          <h2 className={styles.title}>{t("download.title")}</h2>
          <ul className={styles.benefits}>
            <li>{t("download.benefitAlerts")}</li>
            <li>{t("download.benefitTickets")}</li>
            <li>{t("download.benefitChat")}</li>
          </ul>
        </div>
        {hydrated ? (
          <button type="button" className={styles.dismiss} onClick={dismiss}>
            {t("download.dismiss")}
          </button>
        ) : (
          <label htmlFor={id} className={styles.dismiss}>
            {t("download.dismiss")}
          </label>
        )}
      </aside>
    </div>
  );
}
