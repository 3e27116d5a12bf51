/**
 * A value the buyer may paste elsewhere (a pickup code, a tracking number): selectable in one
 * tap, with a Copy button once scripts run.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./hydrated";
import styles from "./copyable.module.css";

export function Copyable({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation("delivery");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copied === "idle") return;
    const timer = window.setTimeout(() => setCopied("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <span className={styles.copyable}>
      <span className={styles.copyValue} data-testid={testId}>
        {value}
      </span>
      {hydrated ? (
        <button type="button" className={styles.copyButton} onClick={copy} aria-live="polite">
          {copied === "copied" ? t("panel.copied") : t("panel.copy")}
        </button>
      ) : null}
      {copied === "failed" ? (
        <span className={styles.failed} role="status">
          {t("panel.copyFailed")}
        </span>
      ) : null}
    </span>
  );
}
