import { useTranslation } from "react-i18next";
import { Placeholder, SkeletonBlock, SkeletonText } from "~/components/deferred";
import styles from "./price-chart.module.css";

/**
 * The chart while its history streams in (app/components/deferred.tsx): the same card, title,
 * plot height and lines, so the page does not move when the chart replaces it.
 */
export function PriceChartPlaceholder() {
  const { t } = useTranslation("demand");
  return (
    <Placeholder className={styles.chart} label={t("chart.title")}>
      <p className={styles.title}>{t("chart.title")}</p>
      <SkeletonBlock className={styles.svg} />
      <div className={styles.ends} aria-hidden="true">
        <span>{t("chart.start")}</span>
        <span>{t("chart.end")}</span>
      </div>
      {/* The summary takes two lines at a phone's width in English, one in Chinese. */}
      <p className={styles.summary}>
        <SkeletonText width="92%" />
        <SkeletonText width="55%" />
      </p>
      <p className={styles.changes}>
        <SkeletonText width="30%" />
      </p>
    </Placeholder>
  );
}
