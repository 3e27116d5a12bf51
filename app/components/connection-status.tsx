import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./toaster.module.css";

/**
 * A note that stays while the device is offline (so a tap that cannot load is expected), and
 * says so for two seconds when the network is back. Nothing is drawn while online.
 */
export function ConnectionStatus() {
  const { t } = useTranslation("errors");
  const [state, setState] = useState<"online" | "offline" | "back">("online");
  useEffect(() => {
    if (!navigator.onLine) setState("offline");
    const offline = () => setState("offline");
    const online = () => setState((current) => (current === "offline" ? "back" : current));
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  useEffect(() => {
    if (state !== "back") return;
    const timer = setTimeout(() => setState("online"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === "online") return null;
  return (
    <div className={styles.toast} data-kind={state === "offline" ? "error" : "success"} data-connection={state} role="status" aria-live="polite">
      {state === "offline" ? t("offline.title") : t("offline.backOnline")}
    </div>
  );
}
