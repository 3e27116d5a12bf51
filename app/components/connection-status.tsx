import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import styles from "./toaster.module.css";

/**
 * A note that stays while the device is offline (so a tap that cannot load is expected), and
 * says so for two seconds when the network is back, when the page asks for its data again: a
 * page kept by the service worker, or the offline screen, becomes the live page by itself.
 * Nothing is drawn while online. It sits in the root layout, so an error view keeps it.
 */
export function ConnectionStatus() {
  const { t } = useTranslation("errors");
  const [state, setState] = useState<"online" | "offline" | "back">("online");
  const { revalidate } = useRevalidator();
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
    // A failed request shows the page's offline screen, which asks again by itself.
    revalidate().catch(() => undefined);
    const timer = setTimeout(() => setState("online"), 2000);
    return () => clearTimeout(timer);
  }, [state, revalidate]);
  if (state === "online") return null;
  return (
    <div className={styles.toast} data-kind={state === "offline" ? "error" : "success"} data-connection={state} role="status" aria-live="polite">
      {state === "offline" ? t("offline.title") : t("offline.backOnline")}
    </div>
  );
}
