/**
 * Pickup's final confirm (/pickup-ticket): 'Have you got your tickets?', its button unlocked after
 * a hold (a disabled button counting down with JavaScript, a veil lifted by CSS without).
 */
import { Form, Link, useNavigation } from "react-router";
import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import styles from "./pickup-confirm.module.css";

/** How long the final confirm stays locked (SPEC §4: the confirm button has a countdown). */
const HOLD_SECONDS = 5;

/** 'Have you got your tickets?': the final confirm, unlocked after HOLD_SECONDS. */
export function ConfirmStep({ orderId }: { orderId: number }) {
  const { t } = useTranslation("delivery");
  const back = `/pickup-ticket?id=${orderId}`;
  return (
    <div className={styles.step} role="alertdialog" aria-modal="true" aria-labelledby="pickup-step-title" aria-describedby="pickup-step-body">
      <Link to={back} replace preventScrollReset className={styles.scrim} aria-label={t("pickup.stepCancel")} tabIndex={-1} />
      <div className={styles.stepPanel}>
        <h2 id="pickup-step-title" className={styles.stepTitle}>
          {t("pickup.stepTitle")}
        </h2>
        <p id="pickup-step-body" className={styles.stepBody}>
          {t("pickup.stepBody")}
        </p>
        <Form method="post" className={styles.actions}>
          <CountdownSubmit seconds={HOLD_SECONDS} />
          <Link to={back} replace preventScrollReset className={styles.secondary}>
            {t("pickup.stepCancel")}
          </Link>
        </Form>
      </div>
    </div>
  );
}

/**
 * The final confirm button, locked for `seconds`. Rendered by the server it is a button under a
 * veil that a CSS animation lifts (no script needed); once scripts run it is a disabled button
 * counting down in its label.
 */
function CountdownSubmit({ seconds }: { seconds: number }) {
  const { t } = useTranslation("delivery");
  const navigation = useNavigation();
  const [scripted, setScripted] = useState(false);
  const [left, setLeft] = useState(seconds);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "confirm";

  useEffect(() => {
    setScripted(true);
    const started = Date.now();
    const timer = window.setInterval(() => {
      const next = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 200);
    return () => window.clearInterval(timer);
  }, [seconds]);

  if (!scripted) {
    const hold = { "--hold": `${seconds}s`, "--hold-steps": seconds } as CSSProperties;
    // The veil is the button's sibling, laid over it: a tap lands on the veil, not the button.
    return (
      <div className={styles.hold} style={hold}>
        <button type="submit" name="intent" value="confirm" className={styles.primary} data-testid="confirm-pickup">
          <span className={styles.holdCount}>{t("pickup.stepConfirm")}</span>
        </button>
        <span className={styles.holdVeil} aria-hidden="true" />
      </div>
    );
  }
  return (
    <button type="submit" name="intent" value="confirm" className={styles.primary} disabled={left > 0 || busy} data-testid="confirm-pickup">
      {left > 0 ? t("pickup.stepConfirmIn", { seconds: left }) : t("pickup.stepConfirm")}
    </button>
  );
}
