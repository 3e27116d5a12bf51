/**
 * The support console's order search (/support, support role; docs/decisions.md): paid orders
 * by order no. (or its start) or the buyer's email, through the address (?query=&page=), so a
 * search works without JavaScript and can be shared with a colleague. Before a search, how
 * many after-sales cases wait for review: a summary card, the page's deferred half (docs/
 * decisions.md 272), while a search's results are awaited. Anyone without the role gets the
 * not-found page.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout, ConsolePager, ConsoleSearch } from "~/components/console-layout";
import { OrderRow } from "~/components/console-order";
import { GeneralErrorBoundary } from "~/components/error-view";
import { listHref } from "~/components/filter-chips";
import { i18nServer } from "~/i18n/i18n.server";
import { Deferred, SkeletonText } from "~/components/deferred";
import { deferUnlessDocumentNeedsAll } from "~/server/deferred.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { listCases } from "@market/aftersales";
import { pagingSchema } from "@market/paging";
import { supportSearchSchema } from "@market/delivery";
import { searchOrders } from "@market/payments";
import type { Route } from "./+types/support";

export const handle = { i18n: ["console", "order", "apps"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

/** What the first screen needs: the search's results when there is a search. */
async function loadCriticalData(context: Route.LoaderArgs["context"], params: Record<string, string>, query: string) {
  const ctx = context.market;
  const paging = pagingSchema.safeParse(params);
  const [results, write, t] = await Promise.all([
    query ? searchOrders(ctx, { query, paging: paging.success ? paging.data : { page: 1, pageSize: 20 } }) : null,
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "console"),
  ]);
  return {
    title: `${t("support.title")} · ${t("layout.name.support")}`,
    query,
    results: results
      ? {
          page: results.page,
          total: results.total,
          hasMore: results.hasMore,
          list: results.list.map((order) => ({
            id: order.id,
            orderNo: order.orderNo,
            title: order.event.title,
            when: write.moment(order.event.startsAt, order.event.timeZone),
            buyer: order.buyer.email,
            method: order.delivery.method,
            state: order.delivery.state,
            due: order.delivery.dueAt === null ? null : { at: write.moment(order.delivery.dueAt, order.event.timeZone), overdue: order.delivery.overdue },
          })),
        }
      : null,
  };
}

/** What can follow: before a search, how many cases wait for review. Never rejects (a failed count shows none). */
function loadDeferredData(context: Route.LoaderArgs["context"], query: string) {
  return {
    toReview: query ? Promise.resolve(0) : listCases(context.market, { status: "submitted", paging: { page: 1, pageSize: 1 } }).then((cases) => cases.total, () => 0),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const search = supportSearchSchema.safeParse(params);
  const query = search.success ? search.data.query : "";
  const [critical, streamed] = await Promise.all([loadCriticalData(context, params, query), deferUnlessDocumentNeedsAll(context, loadDeferredData(context, query))]);
  return data({ ...critical, ...streamed }, { headers: { "cache-control": "private, no-store" } });
}

export default function SupportOrders() {
  const { query, toReview, results } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["console", "order", "apps"]);

  return (
    <ConsoleLayout kind="support" title={t("support.title")} tabs>
      <ConsoleSearch
        id="support-query"
        label={t("support.searchLabel")}
        placeholder={t("support.searchPlaceholder")}
        query={query}
        maxLength={254}
        hint={t("support.searchHint")}
      />

      {results === null ? (
        // Before a search: what waits in the after-sales queue.
        <Link to="/support/cases" className={kit.rowLink} data-testid="cases-to-review">
          <span className={kit.rowTop}>{t("support.queueKicker")}</span>
          <Deferred
            value={toReview}
            placeholder={
              <span className={kit.rowTitle} aria-busy="true" data-testid="deferred-placeholder">
                <SkeletonText width="60%" />
              </span>
            }
          >
            {(count) => <span className={kit.rowTitle}>{t("support.toReview", { count })}</span>}
          </Deferred>
        </Link>
      ) : null}
      {results === null ? (
        <Link to="/support/funnel" className={kit.rowLink} data-testid="funnel-link">
          <span className={kit.rowTop}>{t("apps:funnel.kicker")}</span>
          <span className={kit.rowTitle}>{t("apps:funnel.title")}</span>
        </Link>
      ) : results.list.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("support.noResults")}</p>
          <p className={kit.emptyBody}>{t("support.noResultsBody", { query })}</p>
        </div>
      ) : (
        <>
          <p className={kit.hint}>{t("support.results", { count: results.total, query })}</p>
          <ul className={kit.list} data-testid="support-orders">
            {results.list.map((order) => (
              <li key={order.id}>
                <OrderRow
                  to={`/support/orders/${order.id}`}
                  orderNo={order.orderNo}
                  state={order.state}
                  title={order.title}
                  facts={`${order.buyer} · ${t(`order:delivery.${order.method}`)}`}
                  due={order.due}
                />
              </li>
            ))}
          </ul>
          <ConsolePager page={results.page} hasMore={results.hasMore} href={(page) => listHref("/support", { query, page })} />
        </>
      )}
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
