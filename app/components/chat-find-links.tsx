/** The Messages header's ways to contacts (TUIContact) and message search (TUISearch): plain links, so they work without JavaScript. */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./chat-find-links.module.css";

export function NewsTools() {
  const { t } = useTranslation("chat-find");
  return (
    <nav className={styles.tools} aria-label={t("contacts.title")}>
      <Link to="/chat-search" className={styles.tool} aria-label={t("news.search")} title={t("news.search")}>
        <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5" />
        </svg>
      </Link>
      <Link to="/chat-contacts" className={styles.tool} aria-label={t("news.contacts")} title={t("news.contacts")}>
        <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true">
          <circle cx="12" cy="8.5" r="3.5" />
          <path d="M5 20c.8-3.8 3.6-6 7-6s6.2 2.2 7 6" />
        </svg>
      </Link>
    </nav>
  );
}
