/**
 * The pay modal (SPEC §2 'Pay is a modal'): the order's number and total, the time left to pay
 * (10 minutes from placing, the server's deadline), the pay method (Google Pay or Apple Pay, and
 * Alipay and WeChat Pay in the embedded partner channels: the root's `payMethods`), remembered
 * on the device as `ovation_payMethod` and in a cookie so the server preselects it, and Pay, a
 * real form post that starts the payment and goes on to the provider's page.
 * A wallet app (Alipay, WeChat) is checked as soon as it is chosen (app/platform/wallet-apps.ts):
 * missing or outdated, the sheet says so (SPEC §8), stays open and holds Pay until another
 * method is chosen.
 * A sheet (sheet.tsx): `?sheet=pay&orderId=…`, so it works without JavaScript too.
 */
import { Form, useNavigation, useRouteLoaderData, useSubmit } from "react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PayMethod } from "@market/orders/pay-method";
import { isWalletApp } from "@market/payments/pay-methods";
import { checkWalletApp, type WalletStatus } from "~/platform/wallet-apps";
import type { loader as rootLoader } from "~/root";
import { AppDownloadPrompt } from "./app-download-prompt";
import { Countdown } from "./countdown";
import { Sheet } from "./sheet";
import type { SheetControl } from "./sheet-trigger";
import styles from "./pay-sheet.module.css";

export type { PayMethod };

/** The letter on each method's tile (Apple Pay's is drawn in CSS). */
const METHOD_MARKS: Record<PayMethod, string> = { google: "G", apple: "", alipay: "支", wechat: "微" };

/** The device's remembered pay method: localStorage for the browser, a cookie for the server. */
export const PAY_METHOD_KEY = "ovation_payMethod";

export interface PayableOrder {
  id: number;
  orderNo: string;
  /** In the viewer's currency. */
  totalText: string;
  /** What is charged, in the trade currency, when it differs from the display currency. */
  chargedText: string | null;
  payWithinMs: number;
}

interface PaySheetProps {
  sheet: SheetControl;
  order: PayableOrder;
  /** The route whose action takes intent=pay. */
  action: string;
  defaultMethod: PayMethod;
  /** A refusal from the last attempt, in the viewer's language. */
  error?: string | null;
  /** Keep the sheet open whatever the address says. */
  open?: boolean;
}

/** The methods offered here (the root's, for this viewer's channel), Google Pay and Apple Pay without it. */
function useOfferedMethods(): PayMethod[] {
  const offered = useRouteLoaderData<typeof rootLoader>("root")?.payMethods;
  return offered && offered.length > 0 ? offered : ["google", "apple"];
}

export function PaySheet({ sheet, order, action, defaultMethod, error = null, open = false }: PaySheetProps) {
  const { t } = useTranslation("order");
  const navigation = useNavigation();
  const submit = useSubmit();
  const methods = useOfferedMethods();
  const [method, setMethod] = useState<PayMethod>(methods.includes(defaultMethod) ? defaultMethod : methods[0]!);
  const [googleUnsupported, setGoogleUnsupported] = useState(false);
  // What the phone said of each wallet app; a check under way is kept so Pay can wait for it.
  const [wallets, setWallets] = useState<Partial<Record<PayMethod, WalletStatus>>>({});
  const checks = useRef(new Map<PayMethod, Promise<WalletStatus>>());
  const waiting = useRef(false);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";

  const checkWallet = (value: PayMethod): Promise<WalletStatus> => {
    if (!isWalletApp(value)) return Promise.resolve("ready");
    let check = checks.current.get(value);
    if (!check) {
      check = checkWalletApp(value);
      checks.current.set(value, check);
      void check.then((status) => setWallets((known) => ({ ...known, [value]: status })));
    }
    return check;
  };

  useEffect(() => {
    let chosen = method;
    try {
      const stored = window.localStorage.getItem(PAY_METHOD_KEY);
      const remembered = methods.find((value) => value === stored);
      if (remembered) chosen = remembered;
    } catch {
      // No storage: the server's choice stands.
    }
    setMethod(chosen);
    void checkWallet(chosen);
    setGoogleUnsupported(typeof window.PaymentRequest !== "function");
    // Once, on opening: later choices go through choose().
  }, []);

  const choose = (next: PayMethod) => {
    setMethod(next);
    void checkWallet(next);
    try {
      window.localStorage.setItem(PAY_METHOD_KEY, next);
    } catch {
      // The cookie below still remembers it.
    }
    document.cookie = `${PAY_METHOD_KEY}=${next}; path=/; max-age=31536000; samesite=lax; secure`;
  };

  const walletStatus = wallets[method];
  const walletUnusable = walletStatus === "missing" || walletStatus === "outdated";

  // A wallet app not yet heard from is asked before the payment starts; one that cannot pay
  // keeps the sheet open with its message.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!isWalletApp(method) || walletStatus === "ready") return;
    event.preventDefault();
    const form = event.currentTarget;
    if (walletUnusable || waiting.current) return;
    waiting.current = true;
    void checkWallet(method).then((status) => {
      waiting.current = false;
      if (status === "ready") submit(form);
    });
  };

  const expired = <span className={styles.expired}>{t("pay.expired")}</span>;

  return (
    <Sheet sheet={sheet} title={t("pay.title")} open={open}>
      <div className={styles.body} data-testid="pay-sheet">
        <div className={styles.summary}>
          <div>
            <span className={styles.label}>{t("pay.orderNo")}</span>
            <span className={styles.orderNo} data-testid="pay-order-no">
              {order.orderNo}
            </span>
          </div>
          <div className={styles.timer}>
            <span className={styles.label}>{t("pay.payWithin")}</span>
            <Countdown remainingMs={order.payWithinMs} expired={expired} className={styles.clock} />
          </div>
        </div>
        <div className={styles.total}>
          <span>{t("pay.total")}</span>
          <strong data-testid="pay-total">{order.totalText}</strong>
        </div>
        {order.chargedText ? <p className={styles.charged}>{t("pay.chargedIn", { amount: order.chargedText })}</p> : null}

        <Form method="post" action={action} className={styles.form} onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="orderId" value={order.id} />
          <fieldset className={styles.methods}>
            <legend className={styles.legend}>{t("pay.methodTitle")}</legend>
            {methods.map((value) => (
              <label key={value} className={styles.method}>
                <input type="radio" name="payMethod" value={value} checked={method === value} onChange={() => choose(value)} />
                <span className={styles.methodMark} data-method={value} aria-hidden="true">
                  {METHOD_MARKS[value]}
                </span>
                <span className={styles.methodName}>{t(`pay.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          {method === "google" && googleUnsupported ? (
            <p className={styles.notice} role="status">
              {t("pay.googleUnsupported")}
            </p>
          ) : null}
          {walletUnusable ? (
            <p className={styles.notice} role="alert" data-testid="wallet-unavailable">
              {t(method === "alipay" ? "pay.alipayNotInstalled" : "pay.wechatNotInstalled")}
            </p>
          ) : null}
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className={styles.pay} disabled={submitting || walletUnusable || order.payWithinMs <= 0} aria-busy={submitting || undefined}>
            {submitting ? t("pay.submitting") : t("pay.submit", { amount: order.totalText })}
          </button>
        </Form>
        <AppDownloadPrompt />
      </div>
    </Sheet>
  );
}

export default PaySheet;
