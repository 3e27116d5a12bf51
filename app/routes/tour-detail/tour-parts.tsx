/** Tour detail's fixed parts: the 100% entry guarantee card and the page's small icons. */
import { useTranslation } from "react-i18next";
import { GuaranteeCard } from "~/components/guarantee-card";
import styles from "./styles.module.css";

export function Guarantee() {
  const { t } = useTranslation("tour");
  return <GuaranteeCard className={styles.guarantee} title={t("guarantee.title")} body={t("guarantee.body")} more={t("guarantee.more")} />;
}

export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

export function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}
