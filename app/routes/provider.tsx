/**
 * The provider console (/provider, seller role; docs/decisions.md): the orders of the seller the
 * account acts for, the most urgent deadline first, filtered by delivery state through the
 * address (?state=, ?page=), each with what is due and when, overdue marked. Anyone without the
 * role gets the not-found page; a guest is sent to sign in.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleLayout, ConsolePager } from "~/components/console-layout";
import kit from "~/components/console-kit.module.css";
import { OrderRow } from "~/components/console-order";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips, listHref } from "~/components/filter-chips";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { pagingSchema } from "@market/paging";
import { listProviderOrders, providerOrdersQuerySchema, type DeliveryState } from "@market/delivery";
import type { Route } from "./+types/provider";

export const handle = { i18n: ["console", "order", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

/** The filter's states, in the order a provider works through them: what they owe first. */
const FILTER_STATES: readonly DeliveryState[] = [
  "awaiting_upload",
  "awaiting_pickup_details",
  "awaiting_collection_details",
  "awaiting_shipment",
  "awaiting_transfer",
  "awaiting_code",
  "ready_for_pickup",
  "ready_for_collection",
  "shipped",
  "transfer_sent",
  "code_issued",
  "delivered",
  "picked_up",
  "collected",
  "received",
  "transfer_accepted",
  "redeemed",
  "voided",
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A malformed filter or page in the address is dropped rather than failing the page.
  const query = providerOrdersQuerySchema.safeParse(params);
  const state = query.success ? query.data.state : undefined;
  const paging = pagingSchema.safeParse(params);
  const [orders, write, t] = await Promise.all([
    listProviderOrders(ctx, { state, paging: paging.success ? paging.data : { page: 1, pageSize: 20 } }),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "console"),
  ]);
  return data(
    {
      title: `${t("provider.title")} · ${t("layout.name.provider")}`,
      state: state ?? null,
      seller: orders.list[0]?.seller.nickname ?? null,
      orders: {
        page: orders.page,
        total: orders.total,
        hasMore: orders.hasMore,
        list: orders.list.map((order) => ({
          id: order.id,
          orderNo: order.orderNo,
          title: order.event.title,
          when: write.moment(order.event.startsAt, order.event.timeZone),
          quantity: order.quantity,
          method: order.delivery.method,
          state: order.delivery.state,
          due: order.delivery.dueAt === null ? null : { at: write.moment(order.delivery.dueAt, order.event.timeZone), overdue: order.delivery.overdue },
        })),
      },
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export default function ProviderOrders() {
  const { state, seller, orders } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["console", "order", "selling"]);
  const chips = [
    { key: "all", label: t("provider.all"), href: "/provider", current: state === null },
    ...FILTER_STATES.map((value) => ({ key: value, label: t(`state.${value}`), href: listHref("/provider", { state: value }), current: state === value })),
  ];
  return (
    <ConsoleLayout kind="provider" title={t("provider.title")} actingFor={seller}>
      <div className={kit.actions}>
        <Link to="/provider/listings" className={kit.secondary}>
          {t("selling:listings.title")}
        </Link>
        <Link to="/provider/payouts" className={kit.secondary}>
          {t("selling:listings.payouts")}
        </Link>
        <Link to="/provider/chats" className={kit.secondary}>
          {t("layout.tabs.chats")}
        </Link>
        <Link to="/provider/scan" className={kit.secondary} data-testid="door-scanner-link">
          {t("provider.door")}
        </Link>
      </div>
      <div className={kit.bleed}>
        <FilterChips label={t("provider.filter")} chips={chips} />
      </div>
      <p className={kit.hint}>{t("provider.count", { count: orders.total })}</p>
      {orders.list.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{state ? t("provider.emptyState") : t("provider.empty")}</p>
          <p className={kit.emptyBody}>{t("provider.emptyBody")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="provider-orders">
          {orders.list.map((order) => (
            <li key={order.id}>
              <OrderRow
                to={`/provider/orders/${order.id}`}
                orderNo={order.orderNo}
                state={order.state}
                title={order.title}
                facts={`${order.when} · ${t(`order:delivery.${order.method}`)} · ${t("order.quantity", { count: order.quantity })}`}
                due={order.due}
              />
            </li>
          ))}
        </ul>
      )}
      <ConsolePager page={orders.page} hasMore={orders.hasMore} href={(page) => listHref("/provider", { state, page })} />
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
