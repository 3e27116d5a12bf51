/**
 * A conversation's members (/chat-members?id=, SPEC §2 TUIGroup; login): each member with their
 * role (buyer, provider, support). Anyone outside the conversation gets the not-found page.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { recordId } from "@market/input/fields";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { memberName, RoleBadge } from "~/components/chat-bits";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { notFoundPage } from "~/server/chat.server";
import { groupMembers } from "@market/messaging";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["chat", "chat-find"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const id = recordId().safeParse(new URL(request.url).searchParams.get("id"));
  if (!id.success) throw data(null, { status: 404 });
  const [members, t] = await Promise.all([groupMembers(context.market, id.data).catch(notFoundPage), i18nServer.getFixedT(context.market.viewer.language, "chat")]);
  return data({ title: t("members.title"), id: id.data, members }, { headers: { "cache-control": "no-store" } });
}

export default function ChatMembers() {
  const { id, members } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["chat", "chat-find"]);
  return (
    <>
      <PageHeader title={t("members.title")} fallback={`/chat?id=${id}`} />
      <main className={styles.page}>
        <ul className={styles.list} data-testid="chat-members">
          {members.map((member) => (
            <li key={member.userId} className={styles.row}>
              <span className={styles.avatar} aria-hidden="true">
                {memberName(member, t("roles.supportName")).slice(0, 1).toUpperCase()}
              </span>
              <span className={styles.name}>{memberName(member, t("roles.supportName"))}</span>
              <RoleBadge role={member.role} />
            </li>
          ))}
        </ul>
        <Link to={`/chat-search?conversationId=${id}`} className={styles.back} data-testid="search-within">
          {t("chat-find:search.withinLink")}
        </Link>
        <Link to={`/chat?id=${id}`} className={styles.back}>
          {t("members.backToChat")}
        </Link>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
