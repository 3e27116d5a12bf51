/**
 * The chat screen's body: header with the group's members, the order card, the window notice,
 * the messages (oldest first) and the composer. Live over the socket with JavaScript; without
 * it every control is a form post or a link (older messages, refresh, reply).
 */
import { PushOfferLater as PushOffer } from "./push-offer-later";
import { Form, Link, useActionData, useNavigation, useRevalidator } from "react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "@market/calendar/date-format";
import type { ChatMessage } from "@market/messaging/frames";
import type { GroupMember } from "@market/messaging/conversations";
import type { ChatWindow } from "@market/messaging/rules";
import { MAX_TEXT_LENGTH } from "@market/messaging/rules";
import { PageHeader } from "~/components/page-header";
import { MessageBubble, PendingBubble } from "~/components/chat-message";
import { ChatAttach } from "~/components/chat-attach";
import { memberName } from "~/components/chat-bits";
import { quoteOf } from "~/components/chat-media-bubble";
import { useChatSocket } from "~/platform/chat-socket";
import { useHydrated } from "~/components/hydrated";
import styles from "./chat-screen.module.css";

export interface ChatScreenProps {
  conversation: { id: number; kind: "support" | "order"; orderId: number | null; orderNo: string | null; group: boolean };
  role: "buyer" | "provider" | "support";
  viewerId: number;
  counterpart: GroupMember | null;
  members: GroupMember[];
  window: ChatWindow | null;
  writeState: "open" | "notYet" | "readOnly";
  messages: ChatMessage[];
  olderBefore: number | null;
  lastSeq: number;
  reads: Record<string, number>;
  replyTo: number | null;
  userSig: string | null;
  clientMessageId: string;
  attachClientMessageId: string;
  recallUntil: number;
  timeZone: string;
  /** The page's moment (the server's clock). */
  today: number;
  refreshHref: string;
}

const EMOJI = ["😀", "😂", "👍", "🙏", "🎉", "❤️", "🎫", "📍"];

function newClientId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

export function ChatScreen(props: ChatScreenProps) {
  const { conversation, viewerId, members, writeState, window: chatWindow } = props;
  const { t, i18n } = useTranslation("chat");
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const live = useChatSocket({
    conversationId: conversation.id,
    userSig: props.userSig,
    viewerId,
    initial: props.messages,
    lastSeq: props.lastSeq,
    reads: props.reads,
    // Someone joined (support): the members, the title and what the viewer may write are read again.
    membersChanged: () => void revalidator.revalidate(),
  });
  const actionData = useActionData<{ fieldErrors?: Record<string, string>; text?: string; imageError?: string }>();
  const navigation = useNavigation();
  const [clientId, setClientId] = useState(props.clientMessageId);
  const [replyTo, setReplyTo] = useState<number | null>(props.replyTo);
  const [text, setText] = useState(actionData?.text ?? "");
  const end = useRef<HTMLDivElement>(null);
  const bySeq = new Map(live.messages.map((message) => [message.seq, message]));
  const nameOf = (userId: number) => {
    const member = members.find((each) => each.userId === userId);
    return member ? memberName(member, t("roles.supportName")) : t("roles.supportName");
  };
  // The others' furthest read: a message of mine at or before it is read.
  const othersRead = Math.max(0, ...Object.entries(live.reads).filter(([userId]) => Number(userId) !== viewerId).map(([, seq]) => seq));

  useEffect(() => {
    setClientId(props.clientMessageId);
  }, [props.clientMessageId]);
  // Braces matter: newer browsers answer scrollIntoView with a promise, which is no cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [live.messages.length, live.pending.length]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const value = text.trim();
    if (!value || value.length > MAX_TEXT_LENGTH) return;
    if (live.send({ clientId, text: value, replyTo })) {
      event.preventDefault();
      setText("");
      setReplyTo(null);
      setClientId(newClientId());
    }
  }

  const title = conversation.group ? t("chat.groupTitle") : props.counterpart ? memberName(props.counterpart, t("roles.supportName")) : t("roles.supportName");
  const quoted = replyTo !== null ? bySeq.get(replyTo) : undefined;
  return (
    <div className={styles.screen}>
      <PageHeader title={title} fallback="/news">
        <Link to={`/chat-members?id=${conversation.id}`} className={styles.membersLink} aria-label={t("members.open")}>
          {t("members.count", { count: members.length })}
        </Link>
      </PageHeader>
      {conversation.orderNo ? (
        <Link to={`/order-detail?id=${conversation.orderId}`} className={styles.orderCard} data-testid="chat-order-card">
          <span className={styles.orderLabel}>{t("chat.orderCard")}</span>
          <span className={styles.orderNo}>{conversation.orderNo}</span>
        </Link>
      ) : null}
      {writeState !== "open" && chatWindow ? (
        <p className={styles.notice} role="status" data-testid="chat-window-notice">
          {writeState === "notYet"
            ? t("chat.opensAt", { at: dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: props.timeZone }).format(chatWindow.opensAt) })
            : t("chat.readOnly")}
        </p>
      ) : null}
      {props.role !== "support" && live.messages.some((message) => message.senderId === viewerId) ? (
        <div className={styles.offer}>
          <PushOffer moment="message" />
        </div>
      ) : null}
      {props.role === "support" && conversation.kind === "order" && !conversation.group ? (
        <Form method="post" className={styles.joinBar}>
          <input type="hidden" name="conversationId" value={conversation.id} />
          <button type="submit" name="intent" value="join" className={styles.joinButton}>
            {t("chat.join")}
          </button>
        </Form>
      ) : null}
      <main className={styles.thread} aria-live="polite" data-testid="chat-thread" data-live={live.state}>
        {props.olderBefore !== null ? (
          <Link to={`/chat?id=${conversation.id}&before=${props.olderBefore}`} className={styles.older}>
            {t("chat.older")}
          </Link>
        ) : null}
        {live.messages.length === 0 && live.pending.length === 0 ? <p className={styles.empty}>{t("chat.empty")}</p> : null}
        <p className={styles.safety}>{t("chat.safety")}</p>
        <ol className={styles.messages}>
          {live.messages.map((message) => (
            <MessageBubble
              key={message.seq}
              message={message}
              conversationId={conversation.id}
              mine={message.senderId === viewerId}
              senderName={nameOf(message.senderId)}
              quoted={message.replyTo !== null ? bySeq.get(message.replyTo) : undefined}
              read={message.seq <= othersRead}
              recallable={message.senderId === viewerId && message.sentAt >= props.recallUntil && writeState !== "readOnly"}
              onReply={() => setReplyTo(message.seq)}
              timeZone={props.timeZone}
              today={props.today}
            />
          ))}
          {live.pending.map((message) => (
            <PendingBubble key={message.clientId} text={message.text} failed={message.failed} />
          ))}
        </ol>
        {live.typing !== null ? <p className={styles.typing}>{t("chat.typing", { name: nameOf(live.typing) })}</p> : null}
        <div ref={end} id="latest" />
        {/* Without JavaScript nothing arrives by itself: a link loads what did. Live, it has no use. */}
        {hydrated ? null : (
          <Link to={props.refreshHref} className={styles.refresh} reloadDocument>
            {t("chat.refresh")}
          </Link>
        )}
        {/* In the thread's flow, above the fixed composer: forms of their own (forms cannot nest). */}
        {writeState === "readOnly" ? null : (
          <ChatAttach
            conversationId={conversation.id}
            clientMessageId={props.attachClientMessageId}
            location={conversation.kind === "order"}
            disabled={writeState === "notYet"}
            imageError={actionData?.imageError !== undefined}
          />
        )}
      </main>
      {writeState === "readOnly" ? null : (
        <Form method="post" className={styles.composer} onSubmit={submit} data-testid="chat-composer">
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="conversationId" value={conversation.id} />
          <input type="hidden" name="clientMessageId" value={clientId} />
          {replyTo !== null ? (
            <p className={styles.replying}>
              <input type="hidden" name="replyTo" value={replyTo} />
              <span className={styles.replyText}>{t("chat.replyingTo", { text: (quoted && quoteOf(quoted, t)) || t("message.recalled") })}</span>
              <Link to={`/chat?id=${conversation.id}`} onClick={(event) => (event.preventDefault(), setReplyTo(null))} className={styles.replyCancel}>
                {t("chat.cancelReply")}
              </Link>
            </p>
          ) : null}
          <details className={styles.emoji}>
            <summary aria-label={t("chat.emoji")}>😊</summary>
            <span className={styles.emojiList}>
              {EMOJI.map((emoji) => (
                <button key={emoji} type="button" onClick={() => setText((current) => current + emoji)}>
                  {emoji}
                </button>
              ))}
            </span>
          </details>
          <label className={styles.field}>
            <span className={styles.visuallyHidden}>{t("chat.message")}</span>
            <textarea
              name="text"
              rows={1}
              maxLength={MAX_TEXT_LENGTH}
              required
              value={text}
              onChange={(event) => (setText(event.target.value), live.sendTyping())}
              placeholder={writeState === "notYet" ? t("chat.notOpenPlaceholder") : t("chat.placeholder")}
              disabled={writeState === "notYet"}
              aria-invalid={actionData?.fieldErrors?.text ? true : undefined}
              className={styles.input}
            />
          </label>
          <button type="submit" className={styles.send} disabled={writeState === "notYet" || navigation.state === "submitting"}>
            {t("chat.send")}
          </button>
          {actionData?.fieldErrors?.text ? <p className={styles.fieldError}>{t("chat.textInvalid", { max: MAX_TEXT_LENGTH })}</p> : null}
        </Form>
      )}
    </div>
  );
}
