/**
 * The chat's attachments above the composer: a photo (a multipart form post that comes back to
 * the chat, with or without JavaScript) and, in an order's chat, the venue's location. Forms of
 * their own, since the composer's text is required and forms cannot nest. Without JavaScript the
 * photo is the browser's own file input and a Send button; with it, one Photo button whose
 * choice is sent at once.
 */
import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./hydrated";
import styles from "./chat-screen.module.css";

interface ChatAttachProps {
  conversationId: number;
  clientMessageId: string;
  /** Offer 'Send location' (an order's chat). */
  location: boolean;
  disabled: boolean;
  imageError: boolean;
}

export function ChatAttach({ conversationId, clientMessageId, location, disabled, imageError }: ChatAttachProps) {
  const { t } = useTranslation("chat-media");
  const hydrated = useHydrated();
  return (
    <div className={styles.attachBar} data-testid="chat-attach">
      <Form method="post" encType="multipart/form-data" className={styles.attachForm}>
        <input type="hidden" name="conversationId" value={conversationId} />
        <input type="hidden" name="clientMessageId" value={clientMessageId} />
        <label className={hydrated ? styles.attachButton : styles.attachPick} data-disabled={disabled || undefined}>
          {hydrated ? <span aria-hidden="true">📷</span> : null} {t("attach.image")}
          <input
            type="file"
            name="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            required
            disabled={disabled}
            aria-invalid={imageError || undefined}
            className={hydrated ? styles.visuallyHidden : styles.attachFile}
            // The chosen photo is sent as the Send button would (the form's own intent field).
            onChange={hydrated ? (event) => event.currentTarget.files?.length && event.currentTarget.form?.requestSubmit() : undefined}
          />
        </label>
        {hydrated ? (
          <input type="hidden" name="intent" value="image" />
        ) : (
          <button type="submit" name="intent" value="image" className={styles.action} disabled={disabled}>
            {t("attach.sendImage")}
          </button>
        )}
      </Form>
      {location ? (
        <Form method="post" className={styles.attachForm}>
          <input type="hidden" name="conversationId" value={conversationId} />
          <input type="hidden" name="clientMessageId" value={`loc${clientMessageId}`} />
          <button type="submit" name="intent" value="location" className={styles.action} disabled={disabled}>
            <span aria-hidden="true">📍</span> {t("attach.sendLocation")}
          </button>
        </Form>
      ) : null}
      {imageError ? (
        <p className={styles.fieldError} role="alert" data-testid="chat-image-error">
          {t("errors:chatImageInvalid")}
        </p>
      ) : null}
    </div>
  );
}
