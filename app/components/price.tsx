/**
 * A price as buyers first see it: an amount already converted into the viewer's currency (the
 * domain converts; this only writes it), written with our own symbol (HK$1,280), optionally as
 * 'from …', with the face value beside it when the all-in price differs from it, so a buyer can
 * tell a bargain from a mark-up at a glance.
 */
import { useTranslation } from "react-i18next";
import { formatMoney, type CurrencyDisplay } from "@market/money/format";
import type { Money } from "@market/money";
import type { Language } from "@market/context/viewer";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import styles from "./price.module.css";

export type { Money };

/** Writes amounts in the viewer's currency, the way the server does. */
export function useFormatMoney(): (money: Money) => string {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { i18n } = useTranslation();
  const language = (root?.language ?? i18n.language ?? "en-US") as Language;
  const display: CurrencyDisplay | undefined = root?.currencyDisplay;
  return (money) =>
    formatMoney(money.amount, display && display.code === money.currency ? display : { code: money.currency, symbol: `${money.currency} `, minorUnits: 2 }, language);
}

interface PriceProps {
  amount: Money;
  /** Say 'from': the lowest of several prices. */
  from?: boolean;
  /** Face value of the same tickets, shown when the price differs from it. */
  faceValue?: Money | null;
  comparedToFace?: "below" | "at" | "above";
  size?: "sm" | "md" | "lg";
}

export function Price({ amount, from = false, faceValue = null, comparedToFace = "at", size = "md" }: PriceProps) {
  const { t } = useTranslation("discover");
  const format = useFormatMoney();
  const text = format(amount);
  const showFace = faceValue !== null && comparedToFace !== "at";
  return (
    <span className={styles.price} data-size={size}>
      <span className={styles.amount}>{from ? t("price.from", { price: text }) : text}</span>
      {showFace ? (
        <span className={styles.face} data-compared={comparedToFace}>
          {t("price.faceValue", { price: format(faceValue) })}
        </span>
      ) : null}
    </span>
  );
}
