/** Small pieces the chat screens share: a member's role badge and a message's time. */
import { useTranslation } from "react-i18next";
import styles from "./chat-bits.module.css";

export type BadgeRole = "buyer" | "provider" | "support" | "group";

export function RoleBadge({ role }: { role: BadgeRole }) {
  const { t } = useTranslation("chat");
  return (
    <span className={styles.badge} data-role={role}>
      {t(`roles.${role}`)}
    </span>
  );
}

/**
 * Today's messages show the time, older ones the date, in the viewer's language and time zone;
 * `today` is the page's own moment, so the server and the browser write the same text.
 */
export function ChatTime({ at, timeZone, today, className }: { at: number; timeZone: string; today: number; className?: string }) {
  const { i18n } = useTranslation();
  const date = new Date(at);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" });
  const sameDay = day.format(date) === day.format(today);
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: "2-digit", minute: "2-digit", hour12: false } : { month: "short", day: "numeric" };
  const text = new Intl.DateTimeFormat(i18n.language, { ...options, timeZone }).format(date);
  return (
    <time dateTime={date.toISOString()} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
