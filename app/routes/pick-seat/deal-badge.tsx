/**
 * A listing's deal signal ('Great price' / 'Good price'), with its one-sentence rule a tap away:
 * a <details>, so the explanation opens without JavaScript too. Nothing is shown for no deal.
 */
import { useTranslation } from "react-i18next";
import type { Deal } from "@market/listings/deal-signal";
import { useFormatMoney } from "~/components/price";
import styles from "./deal-badge.module.css";

export function DealBadge({ deal, currency }: { deal: Deal | null; currency: string }) {
  const { t } = useTranslation("demand");
  const format = useFormatMoney();
  if (!deal) return null;
  return (
    <details className={styles.deal} data-level={deal.level}>
      <summary className={styles.badge}>{t(`deal.${deal.level}`)}</summary>
      <p className={styles.explain}>
        {t("deal.explain", { percent: deal.percentBelow, median: format({ amount: deal.zoneMedian, currency }), count: deal.compared })}
      </p>
    </details>
  );
}
