/**
 * My Orders (/my-order?tab=ongoing|closed|global&page=, SPEC §2 myOrder, login): the buyer's
 * orders placed on this site under Ongoing and Closed, plus the orders placed elsewhere (the app,
 * partner channels) under 'Global site' (docs/decisions.md). Each card shows the poster, the show,
 * the session in the venue's time zone, the venue, the tickets, the state, the total in the
 * display currency and what happens next (an unpaid order counts down the time left to pay).
 *
 * The next page loads as the buyer scrolls within 400px of the end (SPEC §9), from this route's
 * own loader, so a card reads the same however it arrived; without JavaScript the same control is
 * a link to the next page.
 */
import { data, Link, useFetcher, useLoaderData } from "react-router";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "~/components/countdown";
import { GeneralErrorBoundary } from "~/components/error-view";
import { LoadMore, usePagesFrom } from "~/components/load-more";
import { useSeatsLine } from "~/components/order-facts";
import { PageHeader } from "~/components/page-header";
import { Poster } from "~/components/poster";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { moneyWriter } from "~/server/money-writer.server";
import { orderCardOf, type OrderCard } from "~/server/order-screens.server";
import type { Page } from "@market/paging/list-page";
import { listMyOrders, MY_ORDER_SECTIONS, myOrdersQuerySchema, type MyOrderSection } from "@market/orders";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["orders", "order", "delivery", "discover", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** Cards are tall: ten fill a phone's screen about three times over. */
const PAGE_SIZE = 10;

function listHref(tab: MyOrderSection, page = 1): string {
  const params = new URLSearchParams({ tab });
  if (page > 1) params.set("page", String(page));
  return `/my-order?${params}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const language = ctx.viewer.language;
  // A page number that is not one reads as the first page, not an error.
  const parsed = myOrdersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const tab = parsed.success ? parsed.data.tab : myOrdersQuerySchema.shape.tab.parse(undefined);
  const page = parsed.success ? parsed.data.page : 1;
  const [orders, write, t] = await Promise.all([
    listMyOrders(ctx, { section: tab, paging: { page, pageSize: PAGE_SIZE } }),
    moneyWriter(context),
    i18nServer.getFixedT(language, "orders"),
  ]);
  const list: Page<OrderCard> = { ...orders, list: orders.list.map((order) => orderCardOf(order, write, language)) };
  // The tabs travel with the data: the orders module the list comes from holds the server's schemas.
  return data({ pageTitle: t("list.metaTitle"), sections: MY_ORDER_SECTIONS, tab, list }, { headers: { "cache-control": "no-store" } });
}

/** The pages shown so far: the server's, then each next one from this route's loader. */
function useOrderPages(first: Page<OrderCard>, tab: MyOrderSection) {
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = usePagesFrom(first);

  useEffect(() => {
    const next = fetcher.data?.list;
    if (fetcher.state !== "idle" || !next || fetcher.data?.tab !== tab) return;
    setPages((current) => (current.some((page) => page.page === next.page) ? current : [...current, next]));
  }, [fetcher.data, fetcher.state, tab]);

  const last = pages[pages.length - 1]!;
  const busy = fetcher.state !== "idle";
  const { load: fetch } = fetcher;
  const load = useCallback(() => {
    if (!busy && last.hasMore) fetch(listHref(tab, last.page + 1));
  }, [busy, fetch, last, tab]);

  return {
    cards: pages.flatMap((page) => page.list),
    hasMore: last.hasMore,
    state: busy ? ("loading" as const) : ("idle" as const),
    load,
    nextHref: listHref(tab, last.page + 1),
    pageCount: pages.length,
  };
}

export default function MyOrdersPage() {
  const { sections, tab, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const more = useOrderPages(list, tab);

  return (
    <div className={styles.page}>
      <PageHeader title={t("list.title")} fallback="/mine" />
      <nav className={styles.tabBar} aria-label={t("list.tabsLabel")}>
        <div className={styles.tabs}>
          {sections.map((section) => (
            <Link key={section} to={listHref(section)} className={styles.tab} aria-current={section === tab ? "page" : undefined} replace>
              {t(`list.tabs.${section}`)}
            </Link>
          ))}
        </div>
      </nav>
      <main className={styles.main}>
        {tab === "global" ? <p className={styles.note}>{t("list.globalNote")}</p> : null}
        {more.cards.length > 0 ? (
          <>
            <ol className={styles.list} data-testid="order-list">
              {more.cards.map((card, index) => (
                <li key={card.id}>
                  <OrderCardView card={card} eager={index < 3} showChannel={tab === "global"} />
                </li>
              ))}
            </ol>
            {list.page > 1 ? (
              <Link to={listHref(tab, list.page - 1)} className={styles.previous}>
                {t("list.previousPage")}
              </Link>
            ) : null}
            <LoadMore {...more} endLabel={list.total > list.pageSize ? t("list.end") : null} />
          </>
        ) : (
          <EmptyState tab={tab} />
        )}
      </main>
    </div>
  );
}

function OrderCardView({ card, eager, showChannel }: { card: OrderCard; eager: boolean; showChannel: boolean }) {
  const { t } = useTranslation(["orders", "order", "delivery"]);
  const seatsLine = useSeatsLine();
  const href = `/order-detail?id=${card.id}`;
  const seats = seatsLine(card);
  const { step } = card;
  return (
    <article className={styles.card} data-tone={step.tone} data-testid="order-card" data-order-no={card.orderNo}>
      <span className={styles.thumb}>{card.posterUrl ? <Poster src={card.posterUrl} alt="" eager={eager} /> : null}</span>
      <div className={styles.body}>
        <p className={styles.top}>
          <span className={styles.chip} data-tone={step.tone} data-testid="order-status">
            {t(step.chip)}
          </span>
        </p>
        <h2 className={styles.title}>
          {/* The title's link covers the card: the whole card opens the order. */}
          <Link to={href} className={styles.open} prefetch="intent">
            {card.title}
          </Link>
        </h2>
        <p className={styles.meta}>
          <time dateTime={card.when.iso}>{`${card.when.date} · ${card.when.time}`}</time>
        </p>
        <p className={styles.meta}>{card.venueName}</p>
        <p className={styles.meta}>{`${seats} · ${t("card.tickets", { count: card.quantity })}`}</p>
        {showChannel ? <p className={styles.channel}>{t("card.via", { channel: t(`channels.${card.channel}`, { defaultValue: card.channel }) })}</p> : null}
      </div>
      <footer className={styles.foot}>
        <div className={styles.next} data-testid="order-next">
          {step.payWithinMs !== null ? (
            <span className={styles.payWithin}>
              {t(step.next)} <Countdown remainingMs={step.payWithinMs} className={styles.clock} expired={t("next.canceled_expired")} />
            </span>
          ) : (
            <span>{t(step.next)}</span>
          )}
          {step.due ? (
            <span className={styles.due} data-overdue={step.due.overdue || undefined}>
              <time dateTime={step.due.iso}>{t("card.due", { deadline: t("delivery:panel.deadline"), at: step.due.text })}</time>
            </span>
          ) : null}
        </div>
        <div className={styles.money}>
          <span className={styles.totalLabel}>{t("card.total")}</span>
          <strong className={styles.total} data-testid="order-total">
            {card.total}
          </strong>
        </div>
        {card.canPay ? (
          <Link to={`${href}&sheet=pay`} className={styles.pay}>
            {t("card.pay")}
          </Link>
        ) : null}
      </footer>
    </article>
  );
}

function EmptyState({ tab }: { tab: MyOrderSection }) {
  const { t } = useTranslation("orders");
  const action = tab === "closed" ? listHref("ongoing") : "/show-list";
  return (
    <section className={styles.empty} data-testid="orders-empty">
      <svg className={styles.emptyArt} viewBox="0 0 64 64" aria-hidden="true">
        <path d="M14 8h36v48l-6-4-6 4-6-4-6 4-6-4-6 4Z" />
        <path d="M22 22h20M22 30h14" />
        {tab === "closed" ? <path d="m38 40 4 4 8-8" /> : tab === "global" ? <circle cx="44" cy="42" r="7" /> : <path d="M44 36v7l4 3" />}
      </svg>
      <h2 className={styles.emptyTitle}>{t(`list.empty.${tab}.title`)}</h2>
      <p className={styles.emptyBody}>{t(`list.empty.${tab}.body`)}</p>
      <Link to={action} className={styles.emptyAction}>
        {t(`list.empty.${tab}.action`)}
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
