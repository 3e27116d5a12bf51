/**
 * Message search (/chat-search?q=&conversationId=, SPEC §2 TUISearch; login): words found in the
 * viewer's own conversations of the last 30 days, or in one of them, each result with its
 * conversation, the excerpt with the match marked, its time and a link to it in the chat. A GET
 * form, so it works without JavaScript; with no words, a prompt. Another account's conversation
 * is the not-found page.
 */
import { data, Form, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { ChatTime, RoleBadge } from "~/components/chat-bits";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { notFoundPage } from "~/server/chat.server";
import { messageSearchSchema, requireOwnConversation, searchMessages, SEARCH_RESULT_LIMIT, SEARCH_TEXT_MAX, type SearchHit } from "@market/messaging/find";
import styles from "~/styles/chat-find.module.css";
import type { Route } from "./+types/chat-search";

export const handle = { i18n: ["chat", "chat-find"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const t = await i18nServer.getFixedT(market.viewer.language, "chat-find");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const base = { title: t("search.title"), timeZone: market.viewer.timeZone, today: market.now(), q: params.q ?? "", maxLength: SEARCH_TEXT_MAX, resultLimit: SEARCH_RESULT_LIMIT };
  const noWords = (params.q ?? "").trim() === "";
  const parsed = messageSearchSchema.safeParse(noWords ? { ...params, q: "-" } : params);
  if (!parsed.success) {
    // A conversation id that is not digits names no conversation of the viewer's.
    if (parsed.error.issues.some((issue) => issue.path[0] === "conversationId")) throw data(null, { status: 404 });
    return data({ ...base, conversationId: null, result: null, invalid: true }, { status: 400, headers: { "cache-control": "no-store" } });
  }
  const input = parsed.data;
  // With no words yet there is nothing to search, but a conversation's scope is still the viewer's own or not found.
  if (noWords && input.conversationId) await requireOwnConversation(market, input.conversationId).catch(notFoundPage);
  const result = noWords ? null : await searchMessages(market, input).catch(notFoundPage);
  return data({ ...base, conversationId: input.conversationId ?? null, result, invalid: false }, { headers: { "cache-control": "no-store" } });
}

export default function ChatSearch() {
  const { q, conversationId, result, invalid, timeZone, today, maxLength, resultLimit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat-find");
  return (
    <>
      <PageHeader title={t("search.title")} fallback={conversationId ? `/chat?id=${conversationId}` : "/news"} />
      <main className={styles.page}>
        <Form method="get" role="search" className={styles.form}>
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={maxLength}
            placeholder={t("search.placeholder")}
            aria-label={t("search.label")}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "search-error" : undefined}
            className={styles.field}
          />
          {conversationId ? <input type="hidden" name="conversationId" value={conversationId} /> : null}
          <button type="submit" className={styles.submit}>
            {t("search.submit")}
          </button>
        </Form>
        {invalid ? (
          <p id="search-error" className={styles.error} role="alert">
            {t("search.invalid")}
          </p>
        ) : null}
        {conversationId ? (
          <p className={styles.scope}>
            <span>{t("search.within")}</span>
            <Link to={q.trim() ? `/chat-search?q=${encodeURIComponent(q.trim())}` : "/chat-search"}>{t("search.searchAll")}</Link>
          </p>
        ) : null}
        {result === null ? (
          invalid ? null : (
            <Prompt title={t("search.promptTitle")} body={t("search.promptBody")} />
          )
        ) : result.list.length === 0 ? (
          <Prompt title={t("search.noneTitle")} body={t("search.noneBody", { q: result.q })} />
        ) : (
          <>
            <p className={styles.scope} aria-live="polite">
              {t("search.count", { count: result.list.length })}
            </p>
            <ul className={styles.list} data-testid="search-results">
              {result.list.map((hit) => (
                <Hit key={`${hit.conversationId}:${hit.seq}`} hit={hit} timeZone={timeZone} today={today} />
              ))}
            </ul>
            {result.capped ? <p className={styles.note}>{t("search.capped", { count: resultLimit })}</p> : null}
          </>
        )}
      </main>
    </>
  );
}

function Prompt({ title, body }: { title: string; body: string }) {
  return (
    <section className={styles.state} aria-labelledby="search-state">
      <svg className={styles.stateArt} viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
        <circle cx="43" cy="43" r="17" fill="none" stroke="var(--color-brand)" strokeWidth="6" />
        <path d="M56 56l14 14" stroke="var(--color-brand)" strokeWidth="7" strokeLinecap="round" />
      </svg>
      <h2 id="search-state">{title}</h2>
      <p>{body}</p>
    </section>
  );
}

function Hit({ hit, timeZone, today }: { hit: SearchHit; timeZone: string; today: number }) {
  const { t } = useTranslation(["chat-find", "chat"]);
  const name = hit.counterpart ?? t("chat:roles.supportName");
  // The chat's page ending at the message, scrolled to it.
  const href = `/chat?id=${hit.conversationId}&before=${hit.seq + 1}#m${hit.seq}`;
  return (
    <li className={styles.row} data-testid="search-hit">
      <Link to={href} className={styles.hit}>
        <span className={styles.top}>
          <span className={styles.name}>{name}</span>
          <RoleBadge role={hit.group ? "group" : hit.counterpartRole} />
          <ChatTime at={hit.sentAt} timeZone={timeZone} today={today} className={styles.time} />
        </span>
        {hit.orderNo ? <span className={styles.order}>{t("search.order", { orderNo: hit.orderNo })}</span> : null}
        <span className={styles.excerpt}>
          {hit.excerpt.before}
          <mark>{hit.excerpt.match}</mark>
          {hit.excerpt.after}
        </span>
      </Link>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
