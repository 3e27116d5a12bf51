import { useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./pending-bar.module.css";

/** SPEC §2: the loading view appears only after 200 ms; after 60 s the page is given up on. */
export const PENDING_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;

export function PendingBar() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      setTimedOut(false);
      return;
    }
    const show = setTimeout(() => setVisible(true), PENDING_DELAY_MS);
    const giveUp = setTimeout(() => setTimedOut(true), PAGE_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, [busy]);

  if (timedOut) {
    return (
      <div className={styles.timeout} role="alert">
        {t("errors:network")}
        <button type="button" onClick={() => window.location.reload()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  if (!visible) return null;
  return (
    <div className={styles.bar} role="progressbar" aria-label={t("loading")}>
      <span />
    </div>
  );
}
