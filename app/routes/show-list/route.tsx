/**
 * Explore (/show-list, SPEC §2 showList): every upcoming session where the viewer is looking,
 * soonest first, narrowed by category, place and dates (the calendar date filter, a sheet). The
 * filter is the address, so every state can be shared, reloaded and reached without
 * JavaScript; with it, the next page loads as the viewer scrolls within 400px of the end.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, Link, useLoaderData, useNavigation } from "react-router";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { calendarText, firstCalendarMonth, formatDateRange, useDateFilterLabel } from "./date-filter-words";
import { withWrittenTimes } from "~/i18n/session-time";
import { GeneralErrorBoundary } from "~/components/error-view";
import { laterPart } from "~/components/later-part";
import { LoadMore, useLoadMore } from "~/components/load-more";
import { SheetTrigger, useSheet } from "~/components/sheet-trigger";
import { i18nServer } from "~/i18n/i18n.server";
import { formatPlainDate, zonedDate } from "@market/calendar";
import { listShows, showListFilters, showListQuerySchema, type ShowListItem, type ShowListQuery } from "@market/catalog/show-list";
import { CODES, MarketError } from "@market/errors";
import { EmptyState, exploreHref, PATH, SessionRow } from "./explore-parts";
import styles from "./styles.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import { posterPreload } from "~/components/poster";
import { SearchField } from "~/components/search-field";
import type { Route } from "./+types/route";

/** The date and place sheets' bodies arrive after the page is interactive (decision 317). */
const DateFilter = laterPart(() => import("./date-filter"));
const WhereSheet = laterPart(() => import("./where-sheet"));

export const handle = { i18n: ["explore", "discover"] };

/** The first row's poster is the page's largest first-screen image: asked for from the head. */
export const meta: Route.MetaFunction = ({ data, matches }) => {
  const first = data?.list.list[0];
  return [...(first ? [posterPreload(first.posterUrl)] : []), ...pageMeta(rootSeo(matches), { title: data?.pageTitle })];
};

const DATE_FIELDS = ["preset", "from", "to"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const url = new URL(request.url);
  const parsed = parseWithZod(url.searchParams, { schema: showListQuerySchema });
  let query: ShowListQuery;
  let dateResult: SubmissionResult<string[]> | null = null;
  if (parsed.status === "success") {
    query = parsed.value;
  } else {
    // Dates the schema refuses leave the rest of the filter standing; the date sheet opens and
    // says why. Anything else refused is dropped from the address.
    const wrong = Object.keys(parsed.error ?? {});
    const params = new URLSearchParams(url.searchParams);
    for (const key of wrong) params.delete(key);
    if (wrong.some((key) => !(DATE_FIELDS as readonly string[]).includes(key))) throw redirect(`${PATH}?${params}`);
    for (const key of DATE_FIELDS) params.delete(key);
    const retry = parseWithZod(params, { schema: showListQuerySchema });
    if (retry.status !== "success") throw redirect(PATH);
    query = retry.value;
    dateResult = parsed.reply();
  }

  try {
    const [list, filters, t] = await Promise.all([listShows(ctx, query), showListFilters(ctx), i18nServer.getFixedT(ctx.viewer.language, "explore")]);
    const dates = { preset: query.preset, from: query.from, to: query.to };
    const { language } = ctx.viewer;
    const today = formatPlainDate(zonedDate(ctx.now(), ctx.viewer.timeZone));
    const opensOn = firstCalendarMonth(dates, today);
    return data({
      // The rows' times and the calendar's first month written here, so the page hydrates without a date formatter.
      list: { ...list, list: list.list.map((item) => withWrittenTimes(item, language)) },
      calendar: calendarText(opensOn.year, opensOn.month, language),
      filters,
      query: { categoryId: query.categoryId, cityCode: query.cityCode, ...dates },
      dateLabelRange: formatDateRange(dates, ctx.viewer.language),
      today,
      viewerLocation: ctx.viewer.location,
      dateResult,
      pageTitle: t("metaTitle"),
    });
  } catch (error) {
    // A category or place we do not list: show Explore without it.
    if (error instanceof MarketError && error.code === CODES.invalidParam && typeof error.params.field === "string") {
      const params = new URLSearchParams(url.searchParams);
      params.delete(error.params.field);
      throw redirect(`${PATH}?${params}`);
    }
    throw error;
  }
}

export default function Explore() {
  const { list, calendar, filters, query, dateLabelRange, today, viewerLocation, dateResult } = useLoaderData<typeof loader>();
  const { t } = useTranslation("explore");
  const navigation = useNavigation();
  const dates = useSheet("dates");
  const where = useSheet("where");
  const dateLabel = useDateFilterLabel(query, dateLabelRange);
  const datesChosen = Boolean(query.preset || query.from);

  // Page 2 onwards comes from the JSON API with the resolved place, so it matches page 1.
  const apiSearch = useMemo(() => ({ ...query, cityCode: list.scope.code }), [query, list.scope.code]);
  const apiUrl = useCallback((page: number) => `/pub/home/v1/show/list${exploreHref({ ...apiSearch, page }).slice(PATH.length)}`, [apiSearch]);
  const pageHref = useCallback((page: number) => exploreHref({ ...query, page }), [query]);
  const more = useLoadMore<ShowListItem>({ first: list, apiUrl, pageHref });

  const placeName = list.scope.kind === "everywhere" ? t("where.everywhere") : list.scope.name ?? "";
  const busy = navigation.state === "loading" && navigation.location.pathname === PATH;
  const filterKeep = { categoryId: query.categoryId, cityCode: query.cityCode };

  return (
    <main className={styles.page}>
      <header className={styles.top}>
        <h1 className={styles.title}>{t("title")}</h1>
        <p className={styles.count} aria-live="polite">
          {t("countIn", { count: list.total, place: placeName })}
        </p>
        <SearchField />
      </header>

      <nav className={styles.filters} aria-label={t("filters.label")}>
        <div className={styles.selects}>
          <SheetTrigger sheet={dates} className={styles.select} data-active={datesChosen || undefined}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <rect x="3.5" y="5" width="17" height="15.5" rx="3" />
              <path d="M3.5 10h17M8 3v4M16 3v4" />
            </svg>
            <span>{dateLabel}</span>
            <Chevron />
          </SheetTrigger>
          <SheetTrigger sheet={where} className={styles.select} data-active={query.cityCode ? true : undefined}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </svg>
            <span>{placeName}</span>
            <Chevron />
          </SheetTrigger>
        </div>
        <ul className={styles.categories} aria-label={t("filters.categories")}>
          <li>
            <Link
              to={exploreHref({ ...query, categoryId: undefined })}
              className={styles.category}
              aria-current={query.categoryId === undefined ? "page" : undefined}
              preventScrollReset
            >
              {t("filters.allCategories")}
            </Link>
          </li>
          {filters.categories.map((category) => (
            <li key={category.id}>
              <Link
                to={exploreHref({ ...query, categoryId: category.id })}
                className={styles.category}
                aria-current={query.categoryId === category.id ? "page" : undefined}
                preventScrollReset
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {dateResult ? (
        <p className={styles.notice} role="status">
          {t("dates.refused")}
        </p>
      ) : null}

      <section className={styles.results} aria-label={t("list.label")} aria-busy={busy} data-busy={busy || undefined}>
        {more.items.length > 0 ? (
          <>
            <ol className={styles.list}>
              {more.items.map((item, index) => (
                <li key={item.sessionId} className={styles.rowItem}>
                  <SessionRow item={item} eager={index < 4} showCity={list.scope.cityCodes.length !== 1} />
                </li>
              ))}
            </ol>
            {list.page > 1 ? (
              <Link to={exploreHref({ ...query, page: list.page - 1 })} className={styles.previous}>
                {t("list.previousPage")}
              </Link>
            ) : null}
            <LoadMore {...more} endLabel={list.total > list.pageSize ? t("list.end") : null} />
          </>
        ) : (
          <EmptyState datesChosen={datesChosen} query={query} everywhere={list.scope.kind === "everywhere"} />
        )}
      </section>

      <DateFilter sheet={dates} value={query} today={today} action={PATH} keep={filterKeep} lastResult={dateResult} calendar={calendar} />

      <WhereSheet
        sheet={where}
        cities={filters.cities}
        current={list.scope}
        viewerLocation={viewerLocation}
        hrefFor={(cityCode) => exploreHref({ ...query, cityCode })}
      />
    </main>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.chevron}>
      <path d="m7 10 5 5 5-5" />
    </svg>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
