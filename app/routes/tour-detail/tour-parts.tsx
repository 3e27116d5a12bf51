/** Tour detail's fixed parts: the 100% entry guarantee card and the page's small icons. */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./styles.module.css";

export function Guarantee() {
  const { t } = useTranslation("tour");
  return (
    <aside className={styles.guarantee}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6Z" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </svg>
      <div>
        <h2>{t("guarantee.title")}</h2>
        <p>{t("guarantee.body")}</p>
        <Link to="/guarantee">{t("guarantee.more")}</Link>
      </div>
    </aside>
  );
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
