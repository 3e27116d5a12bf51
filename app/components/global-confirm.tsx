/**
 * The confirm dialog the host app asks for with SPEC §4's `confirm` event (global-listeners.tsx),
 * calling back on the buyer's answer; the confirm dialog's look (confirm-dialog.module.css).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { GlobalEvents } from "~/platform/global-events";
import styles from "./confirm-dialog.module.css";

export interface ConfirmProps {
  question: GlobalEvents["confirm"];
  /** Called once the buyer has answered, before the answer's callback. */
  close: () => void;
}

export default function GlobalConfirm({ question, close }: ConfirmProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  const answer = (confirmed: boolean) => {
    close();
    if (confirmed) question.onConfirm();
    else question.onCancel?.();
  };
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="global-confirm-title" onCancel={() => answer(false)} data-testid="global-confirm">
      <div className={styles.card}>
        <h2 id="global-confirm-title" className={styles.title}>
          {question.title}
        </h2>
        {question.message ? <p className={styles.message}>{question.message}</p> : null}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={() => answer(false)}>
            {t("cancel")}
          </button>
          <button type="button" className={styles.confirm} onClick={() => answer(true)}>
            {t("confirm")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
