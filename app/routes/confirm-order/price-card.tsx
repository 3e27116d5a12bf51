/** confirmOrder's price details: all-in per ticket beside face value, each fee, the total. */
import { useTranslation } from "react-i18next";
import styles from "./styles.module.css";
import { TitledSection } from "~/components/titled-section";

export interface PriceCardProps {
  price: { lines: { key: string; text: string }[]; unitAllIn: string; unitFaceValue: string; total: string };
  couponLine: string | null;
  /** What the listing's currency charges, when the viewer's differs. */
  trade: { total: string; currency: string; display: string; rate: string } | null;
}

export function PriceCard({ price, couponLine, trade }: PriceCardProps) {
  const { t } = useTranslation("order");
  return (
    <TitledSection id="price-title" title={t("confirm.priceTitle")} level="h3" className={styles.card} titleClassName={styles.cardTitle}>
      <p className={styles.allIn}>
        {t("confirm.allInEach", { price: price.unitAllIn })}
        <span className={styles.face}>{t("confirm.faceValue", { price: price.unitFaceValue })}</span>
      </p>
      <dl className={styles.prices}>
        {price.lines.map((line) => (
          <div key={line.key} className={styles.priceLine}>
            <dt>{t(`confirm.${line.key}`)}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
        {couponLine ? (
          <div className={styles.priceLine}>
            <dt>{t("confirm.couponDiscount")}</dt>
            <dd data-testid="coupon-discount">{couponLine}</dd>
          </div>
        ) : null}
        <div className={`${styles.priceLine} ${styles.totalLine}`}>
          <dt>{t("confirm.total")}</dt>
          <dd data-testid="total">{price.total}</dd>
        </div>
      </dl>
      {trade ? (
        <p className={styles.note}>
          {t("confirm.tradeNote", { currency: trade.currency, amount: trade.total, trade: trade.currency, rate: trade.rate, display: trade.display })}
        </p>
      ) : null}
    </TitledSection>
  );
}
