/**
 * Events (/events, SPEC §2 events): every show on sale where the viewer is looking, soonest
 * first, under a heading per month. ?categoryId=&cityCode=&page= as in the JSON API (GET
 * /pub/tour/v1/event/list). More loads as the viewer scrolls within 400px of the end; without
 * JavaScript a next-page link takes its place.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { eventListQuerySchema, listEvents, type EventItem } from "@market/catalog/events";
import { listCategories } from "@market/catalog/tags";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips, listHref } from "~/components/filter-chips";
import { ListPage } from "~/components/list-page";
import { Poster } from "~/components/poster";
import { Price } from "~/components/price";
import { useShowDates } from "~/components/tour-card";
import { tourHref } from "~/components/tour-href";
import { i18nServer } from "~/i18n/i18n.server";
import { dropUnlisted, readListQuery } from "~/server/list-query.server";
import styles from "./styles.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/route";

export const handle = { i18n: ["discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.pageTitle });

const PATH = "/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const url = new URL(request.url);
  const query = readListQuery(url, PATH, eventListQuerySchema);
  try {
    const [events, categories, t] = await Promise.all([
      listEvents(ctx, query),
      listCategories(ctx, { cityCode: query.cityCode }),
      i18nServer.getFixedT(ctx.viewer.language, "discover"),
    ]);
    return data({ events, categories, query: { categoryId: query.categoryId, cityCode: query.cityCode }, pageTitle: t("events.metaTitle") });
  } catch (error) {
    dropUnlisted(error, url, PATH);
  }
}

/** Consecutive events of the same month, in order. */
function byMonth(items: EventItem[]): { month: string; items: EventItem[] }[] {
  const groups: { month: string; items: EventItem[] }[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.month === item.month) last.items.push(item);
    else groups.push({ month: item.month, items: [item] });
  }
  return groups;
}

export default function Events() {
  const { events, categories, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("discover");
  const dates = useShowDates();
  const firstScreen = new Set(events.list.slice(0, 3).map((item) => item.showId));
  const categoryChips = [
    { key: "all", label: t("scope.all"), href: listHref(PATH, { ...query, categoryId: undefined }), current: query.categoryId === undefined },
    ...categories
      .filter((category) => category.tourCount > 0 || category.id === query.categoryId)
      .map((category) => ({ key: String(category.id), label: category.name, href: listHref(PATH, { ...query, categoryId: category.id }), current: category.id === query.categoryId })),
  ];

  return (
    <ListPage
      path={PATH}
      query={query}
      first={events}
      scope={events.scope}
      title={t("events.title")}
      countKey="events.count"
      filters={<FilterChips label={t("tourList.category")} chips={categoryChips} />}
      emptyTitle={(location) => t("events.empty", { location })}
      apiUrl={(page) => listHref("/pub/tour/v1/event/list", { ...query, cityCode: events.scope.code, page, pageSize: events.pageSize })}
    >
      {(items) =>
        byMonth(items).map((group) => (
          <section key={group.month} className={styles.month} aria-label={dates.month(group.items[0]!.firstSession)}>
            <h2 className={styles.monthTitle}>{dates.month(group.items[0]!.firstSession)}</h2>
            <ul className={styles.events}>
              {group.items.map((item) => (
                <li key={item.showId}>
                  <EventCard item={item} eager={firstScreen.has(item.showId)} />
                </li>
              ))}
            </ul>
          </section>
        ))
      }
    </ListPage>
  );
}

function EventCard({ item, eager }: { item: EventItem; eager: boolean }) {
  const { t } = useTranslation("discover");
  const dates = useShowDates();
  const first = item.firstSession;
  return (
    <Link to={tourHref(item.tourId)} prefetch="intent" className={styles.card}>
      <span className={styles.date} aria-hidden="true">
        <span className={styles.weekday}>{dates.weekday(first)}</span>
        <span className={styles.dayNumber}>{dates.dayOfMonth(first)}</span>
      </span>
      <span className={styles.poster}>
        <Poster src={item.posterUrl} alt="" eager={eager} />
      </span>
      <span className={styles.body}>
        <span className={styles.title}>{item.title}</span>
        <span className={styles.meta}>
          {item.venue.name} · {item.city.name}
        </span>
        <time className={styles.when} dateTime={new Date(first.at).toISOString()}>
          {dates.dayAndTime(first)}
          {item.sessionCount > 1 ? ` · ${t("events.sessions", { count: item.sessionCount })}` : ""}
        </time>
        {item.lowestPrice ? (
          <Price amount={item.lowestPrice.allIn} faceValue={item.lowestPrice.faceValue} comparedToFace={item.lowestPrice.comparedToFace} from size="sm" />
        ) : (
          <span className={styles.none}>{t("status.noTickets")}</span>
        )}
      </span>
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
