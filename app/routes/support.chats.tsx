/**
 * Support's chat queue (/support/chats, support role): conversations waiting for support's
 * reply, longest waiting first, each with how long it has waited against SPEC §9's 48-hour
 * reply promise (overdue marked). A row opens the chat, where support answers (and, in an
 * order's chat, joins it as a group). Anyone without the role gets the not-found page.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { ChatRow } from "~/components/chat-console";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { requireConsole } from "~/server/console.server";
import { queueView } from "~/server/chat.server";
import { supportQueue } from "@market/messaging";
import type { Route } from "./+types/support.chats";

export const handle = { i18n: ["console", "chat"] };

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const market = context.market;
  const [queue, t] = await Promise.all([
    supportQueue(market, { limit: 100 }),
    i18nServer.getFixedT(market.viewer.language, "chat"),
  ]);
  return data(
    {
      title: `${t("console.queueTitle")} · Ovation`,
      queue: queue.map(queueView),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export default function SupportChats() {
  const { queue } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  return (
    <ConsoleLayout kind="support" title={t("console.queueTitle")} tabs>
      {queue.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("console.queueEmpty")}</p>
          <p className={kit.emptyBody}>{t("console.queueEmptyBody")}</p>
        </div>
      ) : (
        <>
          <p className={kit.hint}>
            {t("console.queueHint", { count: queue.length })}
          </p>
          <ul className={kit.list} data-testid="support-chat-queue">
            {queue.map((item) => (
              <li key={item.id}>
                <ChatRow
                  to={`/chat?id=${item.id}`}
                  kicker={
                    item.orderNo
                      ? t("news.order", { orderNo: item.orderNo })
                      : t("console.supportChat")
                  }
                  title={item.buyerName}
                  preview={item.lastMessagePreview}
                  note={
                    item.overdue
                      ? t("console.overdue", { hours: item.overdueHours })
                      : t("console.waiting", {
                          hours: item.waitedHours,
                          left: item.leftHours,
                        })
                  }
                  alert={item.overdue}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
