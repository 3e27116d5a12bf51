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

/** Today's messages show the time; older ones the date (the viewer's language, the device's zone). */
export function ChatTime({ at, className }: { at: number; className?: string }) {
  const { i18n } = useTranslation();
  const date = new Date(at);
  const sameDay = new Date().toDateString() === date.toDateString();
  const text = new Intl.DateTimeFormat(i18n.language, sameDay ? { hour: "2-digit", minute: "2-digit", hour12: false } : { month: "short", day: "numeric" }).format(date);
  return (
    <time dateTime={date.toISOString()} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
