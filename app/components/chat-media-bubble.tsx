/**
 * What a message's bubble holds by its kind: text; an image as a lazy thumbnail (its size known,
 * so the thread does not jump) linking to the full image; the venue's location linking to the
 * Location page. Images are served through our own route, to the conversation's members only.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { ChatMessage } from "@market/messaging/frames";
import { imageOf } from "@market/messaging/media-shape";
import styles from "./chat-screen.module.css";

/** The longest side of a thumbnail, in CSS pixels. */
const THUMB = 200;

/** A quoted message's words: the text, or what kind of message it was. */
export function quoteOf(message: ChatMessage, t: TFunction): string {
  if (message.kind === "image") return t("chat-media:image.quote");
  if (message.kind === "location") return t("chat-media:location.bubble");
  return message.text;
}

export function MessageBody({ message, conversationId, senderName }: { message: ChatMessage; conversationId: number; senderName: string }) {
  const { t } = useTranslation("chat-media");
  const image = imageOf(message);
  if (image) {
    const scale = Math.min(1, THUMB / Math.max(image.width, image.height));
    const href = `/chat-image?id=${conversationId}&seq=${message.seq}`;
    return (
      <a href={href} target="_blank" rel="noopener" aria-label={t("image.open")} data-testid="chat-image">
        <img
          src={href}
          width={Math.max(1, Math.round(image.width * scale))}
          height={Math.max(1, Math.round(image.height * scale))}
          loading="lazy"
          decoding="async"
          alt={t("image.alt", { name: senderName })}
          className={styles.image}
        />
      </a>
    );
  }
  if (message.kind === "location") {
    return (
      <Link to={`/chat-location?orderId=${message.text}`} className={styles.place} data-testid="chat-location">
        <strong>📍 {t("location.bubble")}</strong>
        <span className={styles.text}>{t("location.open")}</span>
      </Link>
    );
  }
  return <p className={styles.text}>{message.text}</p>;
}
