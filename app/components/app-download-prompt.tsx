/**
 * The 'download the app' card on the order and payment screens: what the app adds, and a way to
 * put it away. Shown only on H5 (a phone's browser) outside the app: on a computer there is
 * nothing to install, inside an app it is installed. It sits in the page's flow, never over the
 * pay button. Without JavaScript 'Not now' is the label of a checkbox that hides the card for
 * this page; with JavaScript it is a button and the choice is remembered on the device for 7 days.
 * The server cannot know that choice, so it draws the card and a one-line script right after it
 * hides the card before the first paint when it was put away: the page never jumps up once
 * React takes over.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { useNonce } from "./nonce";
import styles from "./app-download-prompt.module.css";

const DISMISSED_KEY = "ovation_appPromptDismissed";
export const APP_PROMPT_DISMISS_MS = 7 * 24 * 60 * 60_000;

/**
 * True while a dismissal (the time it was made, as stored) is under 7 days old. Self-contained
 * (`within` is handed in by the page's script), as that script carries this function's own text.
 */
export function promptDismissed(stored: string | null, now: number, within = APP_PROMPT_DISMISS_MS): boolean {
  const at = Number(stored);
  return Number.isFinite(at) && at > 0 && now - at < within;
}

/** The script the server writes after the card: hides it at once while a dismissal holds. */
export function hideDismissedCardScript(cardId: string): string {
  const dismissed = `(${promptDismissed})(localStorage.getItem(${JSON.stringify(DISMISSED_KEY)}),Date.now(),${APP_PROMPT_DISMISS_MS})`;
  return `try{if(${dismissed})document.getElementById(${JSON.stringify(cardId)}).style.display="none"}catch(e){}`;
}

export function AppDownloadPrompt() {
  const { t } = useTranslation("order");
  const id = useId();
  const cardId = `${id}card`;
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [dismissed, setDismissed] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    try {
      if (promptDismissed(window.localStorage.getItem(DISMISSED_KEY), Date.now())) setDismissed(true);
    } catch {
      // Private mode without storage: the card simply shows again next time.
    }
  }, []);

  if (dismissed || root?.platform !== "H5" || root.appFrame.source) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // As above.
    }
  };

  return (
    <div className={styles.wrap}>
      {hydrated ? null : <input type="checkbox" id={id} className={styles.toggle} onChange={dismiss} />}
      <aside id={cardId} className={styles.card} aria-label={t("download.title")} data-testid="app-download-prompt">
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
      {hydrated ? null : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideDismissedCardScript(cardId) }} />}
    </div>
  );
}
