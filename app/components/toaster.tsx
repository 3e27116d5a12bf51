import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./toaster.module.css";

export const TOAST_DURATION_MS = 2000;

interface ToastView {
  kind: "success" | "error" | "info";
  key: string;
  params?: Record<string, string | number>;
}

/** Shows the flash toast for 2000 ms (SPEC §9), and any toast raised in the browser. */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<ToastView | null>(toast);

  useEffect(() => setCurrent(toast), [toast]);
  useEffect(() => {
    const onToast = (event: Event) => setCurrent((event as CustomEvent<ToastView>).detail);
    window.addEventListener("ovation:toast", onToast);
    return () => window.removeEventListener("ovation:toast", onToast);
  }, []);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  if (!current) return null;
  return (
    <div className={styles.toast} data-kind={current.kind} role="status" aria-live="polite">
      {t(current.key, { ...current.params, ns: ["common", "errors"] })}
    </div>
  );
}

/** Raise a toast from browser code (e.g. a failed JSON call). */
export function showToast(toast: ToastView) {
  window.dispatchEvent(new CustomEvent("ovation:toast", { detail: toast }));
}
