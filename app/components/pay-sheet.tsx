/**
 * The pay modal (SPEC §2 'Pay is a modal'): the order's number and total, the time left to pay
 * (10 minutes from placing, the server's deadline), the pay method (Google Pay or Apple Pay,
 * remembered on the device as `ovation_payMethod` and in a cookie so the server preselects it),
 * and Pay, a real form post that starts the payment and goes on to the provider's page.
 * A sheet (sheet.tsx): `?sheet=pay&orderId=…`, so it works without JavaScript too.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAY_METHODS } from "@market/orders/order-schemas";
import { AppDownloadPrompt } from "./app-download-prompt";
import { Countdown } from "./countdown";
import { Sheet, type SheetControl } from "./sheet";
import styles from "./pay-sheet.module.css";

export type PayMethod = (typeof PAY_METHODS)[number];

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

export function PaySheet({ sheet, order, action, defaultMethod, error = null, open = false }: PaySheetProps) {
  const { t } = useTranslation("order");
  const navigation = useNavigation();
  const [method, setMethod] = useState<PayMethod>(defaultMethod);
  const [googleUnsupported, setGoogleUnsupported] = useState(false);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";

  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(PAY_METHOD_KEY);
      if (stored === "google" || stored === "apple") setMethod(stored);
    } catch {
      // No storage: the server's choice stands.
    }
    setGoogleUnsupported(typeof window.PaymentRequest !== "function");
  }, []);

  const choose = (next: PayMethod) => {
    setMethod(next);
    try {
      window.localStorage.setItem(PAY_METHOD_KEY, next);
    } catch {
      // The cookie below still remembers it.
    }
    document.cookie = `${PAY_METHOD_KEY}=${next}; path=/; max-age=31536000; samesite=lax; secure`;
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

        <Form method="post" action={action} className={styles.form}>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="orderId" value={order.id} />
          <fieldset className={styles.methods}>
            <legend className={styles.legend}>{t("pay.methodTitle")}</legend>
            {PAY_METHODS.map((value) => (
              <label key={value} className={styles.method}>
                <input type="radio" name="payMethod" value={value} checked={method === value} onChange={() => choose(value)} />
                <span className={styles.methodMark} data-method={value} aria-hidden="true">
                  {value === "google" ? "G" : ""}
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
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className={styles.pay} disabled={submitting || order.payWithinMs <= 0} aria-busy={submitting || undefined}>
            {submitting ? t("pay.submitting") : t("pay.submit", { amount: order.totalText })}
          </button>
        </Form>
        <AppDownloadPrompt />
      </div>
    </Sheet>
  );
}
