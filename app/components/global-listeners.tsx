/**
 * The listeners of SPEC §4's global events (app/platform/global-events.ts), mounted once by the
 * root, each doing what SPEC says:
 *
 * - global-error: the message as an error toast.
 * - open-login: inside an app, the app is asked for a new token (SPEC §8) and the page opens
 *   again with it; our sign-in opens only when the app gives none (and always on the web).
 * - open-email-verify / open-maiL-login: the email code sign-in, the address filled in.
 * - logged-in: inside an app the token is handed on (updateToken); logged-out: analytics forgets
 *   the user.
 * - confirm: a confirm dialog (the confirm dialog's look), calling back on the buyer's answer.
 * - payModalPopup / refreshPickupOrderDetail: the order's pay sheet, and the page's data again.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { globalEventBus, type GlobalEvents } from "~/platform/global-events";
import { hostApp, insideHostApp } from "~/platform/host-app";
import { isSignInPath } from "~/platform/navigation-stack";
import { showToast } from "./toaster";
import styles from "./confirm-dialog.module.css";

const here = () => window.location.pathname + window.location.search;
const loginHref = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

export function GlobalListeners() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const go = useRef({ navigate, revalidator });
  go.current = { navigate, revalidator };
  const [question, setQuestion] = useState<GlobalEvents["confirm"] | null>(null);

  useEffect(() => {
    const bus = globalEventBus();
    // Already on a sign-in screen (the app gave no token): stay, without a second history entry.
    const openLogin = (redirectTo = here()) => go.current.navigate(loginHref("/login", { redirectTo }), { replace: isSignInPath(window.location.pathname) });
    const stops = [
      bus.on("global-error", ({ message }) => showToast({ kind: "error", key: "plainMessage", params: { message } })),
      bus.on("open-login", async ({ redirectTo, reason }) => {
        if (!insideHostApp()) return openLogin(redirectTo);
        const token = await hostApp.renewToken(reason ?? 12306);
        if (!token) return openLogin(redirectTo);
        const url = new URL(redirectTo ?? here(), window.location.origin);
        url.searchParams.set("token", token);
        window.location.replace(url.toString());
      }),
      bus.on("open-email-verify", ({ email }) => go.current.navigate(loginHref("/login/code", { ...(email ? { email } : {}), redirectTo: here() }))),
      bus.on("open-maiL-login", ({ email }) => go.current.navigate(loginHref("/login/code", { ...(email ? { email } : {}), redirectTo: here() }))),
      bus.on("logged-in", ({ token }) => void (insideHostApp() && hostApp.updateToken(token))),
      // Analytics runs only once the page's later wiring started it (later-wiring.tsx).
      bus.on("logged-out", () => void import("./page-analytics").then(({ pageAnalytics }) => pageAnalytics()?.logout())),
      bus.on("confirm", (detail) => setQuestion(detail)),
      bus.on("payModalPopup", ({ orderId }) => go.current.navigate(`/order-detail?${new URLSearchParams({ id: orderId, sheet: "pay" })}`)),
      bus.on("refreshPickupOrderDetail", () => void go.current.revalidator.revalidate()),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  return question ? <GlobalConfirm question={question} close={() => setQuestion(null)} /> : null;
}

function GlobalConfirm({ question, close }: { question: GlobalEvents["confirm"]; close: () => void }) {
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
