/**
 * The after-sales queue of the support console (/support/cases, support role): cases waiting
 * for review first (the default), then any status through the address (?status=, 'all' for
 * every case), with a search over case no., order no. and buyer email (?query=). Each row says
 * what the buyer asked for and links to the case.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout, ConsolePager, ConsoleSearch } from "~/components/console-layout";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips, listHref } from "~/components/filter-chips";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole, SUPPORT_TIME_ZONE } from "~/server/console.server";
import { listCases } from "@market/aftersales";
import { CASE_STATUS_VALUES, supportCaseQuerySchema } from "@market/aftersales/apply-schema";
import { pagingSchema } from "@market/paging";
import type { Route } from "./+types/support.cases";

export const handle = { i18n: ["console", "aftersale"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

/** The queue's filter: cases to review first, then every other status, then all. */
const ALL = "all";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const wantsAll = params.status === ALL;
  // No status in the address is the queue itself: what waits for review.
  const parsed = supportCaseQuerySchema.safeParse({ ...params, status: wantsAll ? undefined : (params.status ?? "submitted") });
  const status = parsed.success ? parsed.data.status : "submitted";
  const query = parsed.success ? parsed.data.query : undefined;
  const paging = pagingSchema.safeParse(params);
  const [cases, write, t] = await Promise.all([
    listCases(ctx, { status, query, paging: paging.success ? paging.data : { page: 1, pageSize: 20 } }),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "console"),
  ]);
  return data(
    {
      title: `${t("cases.title")} · ${t("layout.name.support")}`,
      status: status ?? ALL,
      query: query ?? "",
      cases: {
        page: cases.page,
        total: cases.total,
        hasMore: cases.hasMore,
        list: cases.list.map((found) => ({
          id: found.id,
          caseNo: found.caseNo,
          status: found.status,
          kind: found.kind,
          orderNo: found.order.orderNo,
          title: found.order.eventTitle,
          buyer: found.buyer.email,
          refund: found.refundAmount > 0 ? write.money(found.refundAmount, found.currency) : null,
          compensation: found.compensationAmount > 0 ? write.money(found.compensationAmount, found.currency) : null,
          createdAt: write.moment(found.createdAt, SUPPORT_TIME_ZONE),
        })),
      },
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export default function SupportCases() {
  const { status, query, cases } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["console", "aftersale"]);
  const href = (value: string, page?: number) => listHref("/support/cases", { status: value === "submitted" ? undefined : value, query, page });
  const chips = [
    { key: "submitted", label: t("cases.toReview"), href: href("submitted"), current: status === "submitted" },
    ...CASE_STATUS_VALUES.filter((value) => value !== "submitted").map((value) => ({
      key: value,
      label: t(`aftersale:statuses.${value}`),
      href: href(value),
      current: status === value,
    })),
    { key: ALL, label: t("cases.all"), href: href(ALL), current: status === ALL },
  ];

  return (
    <ConsoleLayout kind="support" title={t("cases.title")} tabs>
      <div className={kit.bleed}>
        <FilterChips label={t("cases.filter")} chips={chips} />
      </div>
      <ConsoleSearch
        id="case-query"
        label={t("cases.searchLabel")}
        placeholder={t("cases.searchPlaceholder")}
        query={query}
        maxLength={100}
        hidden={status !== "submitted" ? { status } : undefined}
      />
      <p className={kit.hint}>{t("cases.count", { count: cases.total })}</p>
      {cases.list.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{status === "submitted" && !query ? t("cases.emptyQueue") : t("cases.empty")}</p>
          <p className={kit.emptyBody}>{status === "submitted" && !query ? t("cases.emptyQueueBody") : t("cases.emptyBody")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="support-cases">
          {cases.list.map((found) => (
            <li key={found.id}>
              <Link to={`/support/cases/${found.id}`} className={kit.row} data-testid="support-case">
                <span className={kit.rowTop}>
                  <span className={kit.mono}>{found.caseNo}</span>
                  <span className={kit.badge} data-tone={found.status === "submitted" ? "owed" : undefined}>
                    {t(`aftersale:statuses.${found.status}`)}
                  </span>
                </span>
                <span className={kit.rowTitle}>{found.title}</span>
                <span className={kit.rowMeta}>
                  <span>
                    {t(`aftersale:kinds.${found.kind}`)} · {found.buyer}
                  </span>
                  <span>{[found.refund && t("cases.refund", { amount: found.refund }), found.compensation && t("cases.compensation", { amount: found.compensation })].filter(Boolean).join(" · ")}</span>
                </span>
                <span className={kit.rowMeta}>
                  <span className={kit.mono}>{found.orderNo}</span>
                  <span>{found.createdAt}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ConsolePager page={cases.page} hasMore={cases.hasMore} href={(page) => href(status, page)} />
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
