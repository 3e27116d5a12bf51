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
 * - confirm: a confirm dialog (global-confirm.tsx, its file fetched when asked for), calling back
 *   on the buyer's answer.
 * - payModalPopup / refreshPickupOrderDetail: the order's pay sheet, and the page's data again.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { globalEventBus, type GlobalEvents } from "~/platform/global-events";
import { hostApp, insideHostApp } from "~/platform/host-app";
import { isSignInPath } from "~/platform/navigation-stack";
import { showToast } from "./toaster";
import type { ConfirmProps } from "./global-confirm";

/** Without the dialog's file (no signal, say), the browser's own confirm asks the same question. */
function BrowserConfirm({ question, close }: ConfirmProps) {
  useEffect(() => {
    const confirmed = window.confirm([question.title, question.message].filter(Boolean).join("\n\n"));
    close();
    if (confirmed) question.onConfirm();
    else question.onCancel?.();
    // Once per question: `close` is a new function on every render of the listeners.
  }, [question]);
  return null;
}

// Asked for only by the host app (SPEC §4), so its file comes when it is.
const GlobalConfirm = lazy<ComponentType<ConfirmProps>>(() => import("./global-confirm").catch(() => ({ default: BrowserConfirm })));

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

  return question ? (
    <Suspense fallback={null}>
      <GlobalConfirm question={question} close={() => setQuestion(null)} />
    </Suspense>
  ) : null;
}
