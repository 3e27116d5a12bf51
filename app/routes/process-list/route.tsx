/**
 * processList (/process-list, SPEC §2, login): the buyer's after-sales applications, newest
 * first, each with its progress as a timeline: submitted → under review → approved or rejected
 * with customer service's reason → refund started → refunded, the refund going back to the
 * original payment method in 1-3 working days (SPEC §4). ?id= opens one application: its
 * amounts, reason, the receiving account exactly as the domain returns it (numbers masked; this
 * page never has more), and Withdraw while it awaits review. ?page= pages through older ones.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { CaseCard, CaseDetail } from "./after-sale-case";
import { SupportChatCard } from "~/components/chat-bits";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { idParam, moneyWriter, notFoundPage } from "~/server/after-sale.server";
import { caseView } from "./route.server";
import { refusalText, requireUser } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { getMyCase, listMyCases, withdrawCase } from "@market/aftersales";
import { caseIdSchema } from "@market/aftersales/apply-schema";
import { pagingSchema } from "@market/paging";
import shell from "~/components/after-sale.module.css";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { isMissing } from "~/server/refusal.server";

export const handle = { i18n: ["aftersales-screens", "aftersale", "errors", "chat"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 10;


export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const url = new URL(request.url);
  const [money, t] = await Promise.all([moneyWriter(context), i18nServer.getFixedT(market.viewer.language, ["aftersales-screens", "common"])]);
  const headers = { "cache-control": "no-store" };
  if (url.searchParams.has("id")) {
    const item = await getMyCase(market, idParam(request, "id")).catch(notFoundPage);
    return data({ title: `${t("aftersales-screens:process.detailTitle")} · ${t("common:appName")}`, detail: caseView(item, money, context), list: null }, { headers });
  }
  const paging = pagingSchema.safeParse({ page: url.searchParams.get("page"), pageSize: PAGE_SIZE });
  if (!paging.success) throw data(null, { status: 404 });
  const page = await listMyCases(market, paging.data);
  return data(
    {
      title: `${t("aftersales-screens:process.title")} · ${t("common:appName")}`,
      detail: null,
      list: { items: page.list.map((item) => caseView(item, money, context)), page: page.page, pages: Math.max(1, Math.ceil(page.total / page.pageSize)), hasMore: page.hasMore },
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const formData = await readForm(request);
  const parsed = caseIdSchema.safeParse({ caseId: formData.get("caseId") ?? undefined });
  if (formData.get("intent") !== "withdraw" || !parsed.success) throw data(null, { status: 400 });
  try {
    await withdrawCase(context.market, parsed.data.caseId);
    return redirectWithToast(`/process-list?id=${parsed.data.caseId}`, { kind: "success", key: "aftersales-screens:toast.withdrawn" });
  } catch (error) {
    if (isMissing(error)) notFoundPage(error);
    return data({ error: await refusalText(error, context) }, { status: 400 });
  }
}

export default function ProcessList() {
  const { detail, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("aftersales-screens");
  if (detail) return <CaseDetail item={detail} />;
  if (!list) return null;
  const pageHref = (page: number) => (page > 1 ? `/process-list?page=${page}` : "/process-list");
  return (
    <div className={shell.page}>
      <PageHeader title={t("process.title")} fallback="/mine" />
      <main className={shell.main}>
        {list.items.length === 0 ? (
          <section className={styles.empty} aria-labelledby="process-empty" data-testid="empty">
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <path d="M28 36h40v8a5 5 0 0 0 0 10v8H28v-8a5 5 0 0 0 0-10Z" fill="var(--color-brand)" />
              <path d="M42 49l4 4 8-8" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 id="process-empty" className={styles.emptyTitle}>
              {t("process.emptyTitle")}
            </h2>
            <p className={styles.emptyBody}>{t("process.emptyBody")}</p>
            <Link to="/my-order" className={styles.emptyAction}>
              {t("process.emptyAction")}
            </Link>
          </section>
        ) : (
          <ol className={styles.list}>
            {list.items.map((item) => (
              <li key={item.id}>
                <CaseCard item={item} />
              </li>
            ))}
          </ol>
        )}
        {list.page > 1 || list.hasMore ? (
          <nav className={styles.pager} aria-label={t("process.pageOf", { page: list.page, pages: list.pages })}>
            {list.page > 1 ? (
              <Link to={pageHref(list.page - 1)} className={styles.pagerLink}>
                {t("process.newer")}
              </Link>
            ) : (
              <span />
            )}
            <span className={styles.pagerCount}>{t("process.pageOf", { page: list.page, pages: list.pages })}</span>
            {list.hasMore ? (
              <Link to={pageHref(list.page + 1)} className={styles.pagerLink}>
                {t("process.older")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
        <SupportChatCard />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
