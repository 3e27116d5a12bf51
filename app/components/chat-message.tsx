/**
 * One message of a chat: the bubble (mine on the right), a quoted message it replies to, its
 * time and ticks (sent ✓, read ✓✓), a masked-content notice, and its actions as form posts:
 * reply (a link without JavaScript), recall (one's own, within 2 minutes) and report.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "@market/messaging/frames";
import { REPORT_REASONS } from "@market/messaging/rules";
import { ChatTime } from "~/components/chat-bits";
import { MessageBody, quoteOf } from "~/components/chat-media-bubble";
import styles from "./chat-screen.module.css";

interface MessageBubbleProps {
  message: ChatMessage;
  conversationId: number;
  mine: boolean;
  senderName: string;
  quoted: ChatMessage | undefined;
  read: boolean;
  recallable: boolean;
  onReply: () => void;
  timeZone: string;
  today: number;
}

export function MessageBubble({ message, conversationId, mine, senderName, quoted, read, recallable, onReply, timeZone, today }: MessageBubbleProps) {
  const { t } = useTranslation("chat");
  if (message.kind === "system") {
    return (
      <li className={styles.system} data-testid="chat-system">
        {t(`system.${message.text}`, { defaultValue: message.text })}
      </li>
    );
  }
  if (message.recalledAt !== null) {
    return (
      <li className={styles.system} data-testid="chat-recalled">
        {mine ? t("message.recalledByMe") : t("message.recalledBy", { name: senderName })}
      </li>
    );
  }
  return (
    <li id={`m${message.seq}`} className={styles.message} data-mine={mine || undefined} data-testid="chat-message" data-seq={message.seq}>
      {mine ? null : <span className={styles.sender}>{senderName}</span>}
      <div className={styles.bubble} data-kind={message.kind}>
        {message.replyTo !== null ? <blockquote className={styles.quote}>{(quoted && quoteOf(quoted, t)) || t("message.unavailable")}</blockquote> : null}
        <MessageBody message={message} conversationId={conversationId} senderName={senderName} />
        {message.masked ? <p className={styles.masked}>{t("message.maskedNotice")}</p> : null}
      </div>
      <div className={styles.meta}>
        <ChatTime at={message.sentAt} timeZone={timeZone} today={today} />
        {mine ? (
          <span className={styles.ticks} aria-label={t(read ? "message.read" : "message.sent")} data-read={read || undefined}>
            {read ? "✓✓" : "✓"}
          </span>
        ) : null}
        <Link
          to={`/chat?id=${conversationId}&reply=${message.seq}#latest`}
          onClick={(event) => (event.preventDefault(), onReply())}
          className={styles.action}
        >
          {t("message.reply")}
        </Link>
        {recallable ? (
          <Form method="post" className={styles.inlineForm}>
            <input type="hidden" name="conversationId" value={conversationId} />
            <input type="hidden" name="seq" value={message.seq} />
            <button type="submit" name="intent" value="recall" className={styles.action}>
              {t("message.recall")}
            </button>
          </Form>
        ) : null}
        {mine ? null : (
          <details className={styles.report}>
            <summary className={styles.action}>{t("message.report")}</summary>
            <Form method="post" className={styles.reportMenu}>
              <input type="hidden" name="conversationId" value={conversationId} />
              <input type="hidden" name="seq" value={message.seq} />
              <input type="hidden" name="intent" value="report" />
              {REPORT_REASONS.map((reason) => (
                <button key={reason} type="submit" name="reason" value={reason} className={styles.reportItem}>
                  {t(`message.reasons.${reason}`)}
                </button>
              ))}
            </Form>
          </details>
        )}
      </div>
    </li>
  );
}

export function PendingBubble({ text, failed }: { text: string; failed: string | null }) {
  const { t } = useTranslation("chat");
  return (
    <li className={styles.message} data-mine data-pending data-testid="chat-pending">
      <div className={styles.bubble}>
        <p className={styles.text}>{text}</p>
      </div>
      <div className={styles.meta}>
        <span className={styles.ticks} data-failed={failed ? true : undefined}>{failed ?? t("message.sending")}</span>
      </div>
    </li>
  );
}
