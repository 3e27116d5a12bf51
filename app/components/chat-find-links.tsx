/** The Messages header's ways to contacts (TUIContact) and message search (TUISearch): plain links, so they work without JavaScript. */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import styles from "./chat-find-links.module.css";

/** An icon link named by its label, for a screen reader and on hover alike; `children` draws the 24-unit icon. */
function ToolLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.tool} aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true">
        {children}
      </svg>
    </Link>
  );
}

export function NewsTools() {
  const { t } = useTranslation("chat-find");
  return (
    <nav className={styles.tools} aria-label={t("contacts.title")}>
      <ToolLink to="/chat-search" label={t("news.search")}>
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4.5 4.5" />
      </ToolLink>
      <ToolLink to="/chat-contacts" label={t("news.contacts")}>
        <circle cx="12" cy="8.5" r="3.5" />
        <path d="M5 20c.8-3.8 3.6-6 7-6s6.2 2.2 7 6" />
      </ToolLink>
    </nav>
  );
}
