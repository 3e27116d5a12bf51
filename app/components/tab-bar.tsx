import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./tab-bar.module.css";

/** SPEC §2's four tabs, in order: home, Explore, Messages, Me. */
const TABS = [
  { to: "/", key: "home", icon: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1Z" },
  { to: "/show-list", key: "explore", icon: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5Z" },
  { to: "/news", key: "messages", icon: "M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4V6a1 1 0 0 1 1-1Z" },
  { to: "/mine", key: "me", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0Z" },
] as const;

export function TabBar({ unread = 0 }: { unread?: number }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.bar} aria-label={t("tabs.label")}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end={tab.to === "/"}
          prefetch="intent"
          className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
            <path d={tab.icon} />
          </svg>
          <span>{t(`tabs.${tab.key}`)}</span>
          {tab.key === "messages" && unread > 0 ? (
            <span className={styles.badge} data-testid="tab-unread" aria-label={t("tabs.unread", { count: unread })}>
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
