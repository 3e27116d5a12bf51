/**
 * The provider console's chats (/provider/chats, seller role): the conversations about the
 * orders of the seller the account acts for, pinned first then newest, with the buyer, the
 * order, the last message and what is unread. A row opens the chat, where the provider answers.
 * Anyone without the role gets the not-found page.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout, ConsolePager } from "~/components/console-layout";
import { ChatRow } from "~/components/chat-console";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { requireConsole } from "~/server/console.server";
import { pagingSchema } from "@market/paging";
import { listConversations } from "@market/messaging";
import type { Route } from "./+types/provider.chats";

export const handle = { i18n: ["console", "chat"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const market = context.market;
  const paging = pagingSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const page = paging.success ? paging.data.page : 1;
  const [chats, t] = await Promise.all([listConversations(market, { page, pageSize: 20, as: "provider" }), i18nServer.getFixedT(market.viewer.language, "chat")]);
  return data({ title: `${t("console.providerTitle")} · Ovation`, chats }, { headers: { "cache-control": "private, no-store" } });
}

export default function ProviderChats() {
  const { chats } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  return (
    <ConsoleLayout kind="provider" title={t("console.providerTitle")} back="/provider">
      {chats.list.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("console.providerEmpty")}</p>
          <p className={kit.emptyBody}>{t("console.providerEmptyBody")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="provider-chats">
          {chats.list.map((chat) => (
            <li key={chat.id}>
              <ChatRow
                to={`/chat?id=${chat.id}`}
                kicker={t("news.order", { orderNo: chat.orderNo ?? "" })}
                title={chat.counterpart ?? t("roles.buyer")}
                preview={chat.lastMessagePreview}
                note={chat.unreadCount > 0 ? t("news.unread", { count: chat.unreadCount }) : chat.group ? t("roles.group") : null}
                alert={chat.unreadCount > 0}
              />
            </li>
          ))}
        </ul>
      )}
      <ConsolePager page={chats.page} hasMore={chats.hasMore} href={(page) => `/provider/chats?page=${page}`} />
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
