/**
 * Messages (/news, SPEC §2 news, TUIConversation; login): the viewer's conversations, pinned
 * first then newest, with the counterpart and their role, the order it is about, the last
 * message, its time and the unread count. Pin, mute and hide are form posts; the next page loads
 * within 400px of the bottom (a link without JavaScript). With none yet, 'Contact support'.
 */
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { recordId } from "@market/input/fields";
import { GeneralErrorBoundary } from "~/components/error-view";
import { LoadMore, useLoadMore } from "~/components/load-more";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { notFoundPage } from "~/server/chat.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Page } from "@market/paging";
import { listConversations, openSupportConversation, setMemberSetting, type ConversationListItem } from "@market/messaging";
// The page itself names a system message from its preview: the pure rule, not the domain index
// (which would carry the whole messaging domain into the browser).
import { systemPreviewKey } from "@market/messaging/rules";
import { ChatTime, RoleBadge } from "~/components/chat-bits";
import { NewsTools } from "~/components/chat-find-links";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["chat", "chat-find"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "Ovation" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 20;
const pageHref = (page: number) => (page > 1 ? `/news?page=${page}` : "/news");
const apiUrl = (page: number) => `/user/im/v1/conversation/list?page=${page}&pageSize=${PAGE_SIZE}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const page = z.coerce.number().int().min(1).max(1000).catch(1).parse(new URL(request.url).searchParams.get("page") ?? 1);
  const [conversations, t] = await Promise.all([listConversations(market, { page, pageSize: PAGE_SIZE }), i18nServer.getFixedT(market.viewer.language, "chat")]);
  // Load-more speaks Page<T>; the list's total is not counted, so 'more' is all it needs.
  const list: Page<ConversationListItem> = { ...conversations, total: conversations.hasMore ? Number.MAX_SAFE_INTEGER : 0 };
  return data({ title: t("news.title"), list, unreadTotal: conversations.unreadTotal, timeZone: market.viewer.timeZone, today: market.now() }, { headers: { "cache-control": "no-store" } });
}

// Each menu button carries what it does ("pin:true"), so the form works without JavaScript.
const actionSchema = z.union([
  z.object({ intent: z.literal("support") }),
  z.object({
    intent: z.enum(["pin:true", "pin:false", "mute:true", "mute:false", "hide:true"]).transform((value) => {
      const [setting, on] = value.split(":") as ["pin" | "mute" | "hide", string];
      return { setting, on: on === "true" };
    }),
    conversationId: recordId(),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  const input = parsed.data;
  if (!("conversationId" in input)) {
    const access = await openSupportConversation(context.market);
    return redirect(`/chat?id=${access.conversation.id}`);
  }
  const { setting, on } = input.intent;
  await setMemberSetting(context.market, { conversationId: input.conversationId, setting, on }).catch(notFoundPage);
  return redirectWithToast("/news", { kind: "success", key: `chat:news.toast.${setting}${on ? "On" : "Off"}` });
}

export default function News() {
  const { list, timeZone, today } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  const more = useLoadMore({ first: list, apiUrl: useCallback(apiUrl, []), pageHref: useCallback(pageHref, []) });

  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{t("news.title")}</h1>
        <NewsTools />
        <ContactSupport className={styles.supportButton} />
      </header>
      <main className={styles.main}>
        {more.items.length === 0 ? (
          <section className={styles.empty} aria-labelledby="news-empty">
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <path d="M26 32h44a4 4 0 0 1 4 4v22a4 4 0 0 1-4 4H44l-12 10V62h-6a4 4 0 0 1-4-4V36a4 4 0 0 1 4-4Z" fill="var(--color-brand)" />
            </svg>
            <h2 id="news-empty" className={styles.emptyTitle}>
              {t("news.emptyTitle")}
            </h2>
            <p className={styles.emptyBody}>{t("news.emptyBody")}</p>
            <ContactSupport className={styles.emptyAction} />
          </section>
        ) : (
          <>
            <ul className={styles.list} data-testid="conversation-list">
              {more.items.map((item) => (
                <ConversationRow key={item.id} item={item} timeZone={timeZone} today={today} />
              ))}
            </ul>
            <LoadMore hasMore={more.hasMore} state={more.state} load={more.load} nextHref={more.nextHref} pageCount={more.pageCount} />
          </>
        )}
      </main>
    </>
  );
}

function ConversationRow({ item, timeZone, today }: { item: ConversationListItem; timeZone: string; today: number }) {
  const { t } = useTranslation("chat");
  const name = item.counterpart ?? t("roles.supportName");
  const system = item.lastMessagePreview ? systemPreviewKey(item.lastMessagePreview) : null;
  const preview = system ? t(`system.${system}`) : (item.lastMessagePreview ?? (item.lastMessageAt ? t("message.recalled") : t("news.noMessages")));
  return (
    <li className={styles.row} data-testid="conversation" data-pinned={item.pinned || undefined}>
      <Link to={`/chat?id=${item.id}`} className={styles.rowLink}>
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.rowBody}>
          <span className={styles.rowTop}>
            <span className={styles.name}>{name}</span>
            <RoleBadge role={item.group ? "group" : item.counterpartRole} />
            {item.lastMessageAt ? <ChatTime at={item.lastMessageAt} timeZone={timeZone} today={today} className={styles.time} /> : null}
          </span>
          {item.orderNo ? <span className={styles.order}>{t("news.order", { orderNo: item.orderNo })}</span> : null}
          <span className={styles.rowBottom}>
            <span className={styles.preview}>{preview}</span>
            {item.muted ? <span className={styles.muted}>{t("news.mutedMark")}</span> : null}
            {item.unreadCount > 0 ? (
              <span className={styles.unread} data-muted={item.muted || undefined} aria-label={t("news.unread", { count: item.unreadCount })}>
                {item.unreadCount > 99 ? "99+" : item.unreadCount}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
      <details className={styles.menu}>
        <summary className={styles.menuButton} aria-label={t("news.actions", { name })}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </summary>
        <Form method="post" className={styles.menuList}>
          <input type="hidden" name="conversationId" value={item.id} />
          <button type="submit" name="intent" value={`pin:${!item.pinned}`} className={styles.menuItem}>
            {t(item.pinned ? "news.unpin" : "news.pin")}
          </button>
          <button type="submit" name="intent" value={`mute:${!item.muted}`} className={styles.menuItem}>
            {t(item.muted ? "news.unmute" : "news.mute")}
          </button>
          <button type="submit" name="intent" value="hide:true" className={styles.menuItem}>
            {t("news.hide")}
          </button>
        </Form>
      </details>
    </li>
  );
}

/** Opens the buyer's conversation with customer service: a form post, so it works without JavaScript. */
function ContactSupport({ className }: { className: string }) {
  const { t } = useTranslation("chat");
  return (
    <Form method="post">
      <button type="submit" name="intent" value="support" className={className}>
        {t("news.contactSupport")}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
