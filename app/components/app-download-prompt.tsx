/**
 * The 'download the app' card on the order and payment screens: what the app adds, and a way to
 * put it away. Dismissing works without JavaScript (a checkbox hides the card for this page);
 * with JavaScript it is remembered on the device.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./app-download-prompt.module.css";

const DISMISSED_KEY = "ovation_appPromptDismissed";

export function AppDownloadPrompt() {
  const { t } = useTranslation("order");
  const id = useId();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    try {
      if (window.localStorage.getItem(DISMISSED_KEY) === "1") setDismissed(true);
    } catch {
      // Private mode without storage: the card simply shows again next time.
    }
  }, []);

  if (dismissed) return null;

  return (
    <div className={styles.wrap}>
      <input
        type="checkbox"
        id={id}
        className={styles.toggle}
        onChange={() => {
          setDismissed(true);
          try {
            window.localStorage.setItem(DISMISSED_KEY, "1");
          } catch {
            // As above.
          }
        }}
      />
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
        <label htmlFor={id} className={styles.dismiss}>
          {t("download.dismiss")}
        </label>
      </aside>
    </div>
  );
}
