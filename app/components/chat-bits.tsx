/** Small pieces the chat screens share: a member's role badge and a message's time. */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "@market/calendar/date-format";
import styles from "./chat-bits.module.css";
import { TitledSection } from "./titled-section";

export type BadgeRole = "buyer" | "provider" | "support" | "group";

/** A member as chat names them: support as the platform, in the viewer's language; anyone else by their own name. */
export function memberName(member: { role: "buyer" | "provider" | "support"; name: string }, supportName: string): string {
  return member.role === "support" ? supportName : member.name;
}

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
  const day = dateTimeFormat("en-CA", { timeZone, dateStyle: "short" });
  const sameDay = day.format(date) === day.format(today);
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: "2-digit", minute: "2-digit", hour12: false } : { month: "short", day: "numeric" };
  const text = dateTimeFormat(i18n.language, { ...options, timeZone }).format(date);
  return (
    <time dateTime={date.toISOString()} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}

/** Buyer ↔ support, opened from a screen about an order or a case (order detail, after-sales). */
export function SupportChatCard() {
  const { t } = useTranslation("chat");
  return (
    <TitledSection id="support-chat-title" title={t("links.supportTitle")} className={styles.helpCard} titleClassName={styles.helpTitle}>
      <p className={styles.helpHint}>{t("links.supportHint")}</p>
      <Link to="/chat?support=1" className={styles.helpLink} data-testid="support-chat-link">
        {t("links.chatWithSupport")}
      </Link>
    </TitledSection>
  );
}

/** The order's chat as a ticket screen states it: written on the server (orderChatLine in chat.server.ts). */
export interface OrderChatLineView {
  state: "before" | "open" | "closed";
  href: string;
  /** When it opens (before) or closes (open, closed), in the venue's time. */
  at: string;
}

/** A link to the order's chat while it is open (or readable after), else when it opens. */
export function OrderChatLine({ chat }: { chat: OrderChatLineView }) {
  const { t } = useTranslation("chat");
  return (
    <p className={styles.chatLine} data-testid="order-chat-line" data-state={chat.state}>
      {chat.state === "before" ? (
        t("links.chatOpensAt", { at: chat.at })
      ) : (
        <>
          <Link to={chat.href} className={styles.helpLink} data-testid="order-chat-link">
            {t("links.chatWithProvider")}
          </Link>
          <span>{t(chat.state === "open" ? "links.chatOpen" : "links.chatClosed", { at: chat.at })}</span>
        </>
      )}
    </p>
  );
}
