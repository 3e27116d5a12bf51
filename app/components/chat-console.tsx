/** A conversation in a console list (support's queue, the provider's chats), linking to the chat. */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "./console-kit.module.css";
import { systemPreviewKey } from "@market/messaging/rules";

export function ChatRow({ to, kicker, title, preview, note, alert }: { to: string; kicker: string; title: string; preview: string | null; note: string | null; alert: boolean }) {
  const { t } = useTranslation("chat");
  const system = preview ? systemPreviewKey(preview) : null;
  return (
    <Link to={to} className={kit.row} data-testid="chat-row">
      <span className={kit.rowTop}>
        <span className={kit.mono}>{kicker}</span>
        {note ? (
          <span className={kit.due} data-overdue={alert || undefined}>
            {note}
          </span>
        ) : null}
      </span>
      <span className={kit.rowTitle}>{title}</span>
      <span className={kit.rowMeta}>{system ? t(`system.${system}`) : (preview ?? t("news.noMessages"))}</span>
    </Link>
  );
}
