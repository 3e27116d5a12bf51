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
import { DateFilter, formatDateRange, useDateFilterLabel } from "~/components/date-filter";
import { GeneralErrorBoundary } from "~/components/error-view";
import { LoadMore, useLoadMore } from "~/components/load-more";
import { Poster } from "~/components/poster";
import { Price } from "~/components/price";
import { Sheet, SheetTrigger, useSheet } from "~/components/sheet";
import { tourHref } from "~/components/tour-card";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime, shortDateTime } from "~/i18n/session-time";
import { formatPlainDate, zonedDate } from "@market/calendar";
import { listShows, showListFilters, showListQuerySchema, type ShowListItem, type ShowListQuery } from "@market/catalog/show-list";
import type { Language } from "@market/context/viewer";
import { CODES, MarketError } from "@market/errors";
import styles from "./show-list.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/show-list";

export const handle = { i18n: ["explore", "discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.pageTitle });

const PATH = "/show-list";
const DATE_FIELDS = ["preset", "from", "to"] as const;

/** The address of Explore with these query values; empty ones are left out. */
function exploreHref(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

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
    return data({
      list,
      filters,
      query: { categoryId: query.categoryId, cityCode: query.cityCode, ...dates },
      dateLabelRange: formatDateRange(dates, ctx.viewer.language),
      today: formatPlainDate(zonedDate(ctx.now(), ctx.viewer.timeZone)),
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
  const { list, filters, query, dateLabelRange, today, viewerLocation, dateResult } = useLoaderData<typeof loader>();
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
                <li key={item.sessionId}>
                  <SessionRow item={item} eager={index < 4} showCity={list.scope.cityCodes.length !== 1} />
                </li>
              ))}
            </ol>
            {list.page > 1 ? (
              <Link to={exploreHref({ ...query, page: list.page - 1 })} className={styles.previous}>
                {t("list.previousPage")}
              </Link>
            ) : null}
            <LoadMore
              hasMore={more.hasMore}
              state={more.state}
              load={more.load}
              nextHref={more.nextHref}
              pageCount={more.pageCount}
              endLabel={list.total > list.pageSize ? t("list.end") : null}
            />
          </>
        ) : (
          <EmptyState datesChosen={datesChosen} query={query} everywhere={list.scope.kind === "everywhere"} />
        )}
      </section>

      <DateFilter sheet={dates} value={query} today={today} action={PATH} keep={filterKeep} lastResult={dateResult} />

      <Sheet sheet={where} title={t("where.title")} description={t("where.description")}>
        <WhereOptions
          cities={filters.cities}
          current={list.scope}
          viewerLocation={viewerLocation}
          hrefFor={(cityCode) => exploreHref({ ...query, cityCode })}
        />
      </Sheet>
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

/** One session; its city is said only when the list spans more than one. */
function SessionRow({ item, eager, showCity }: { item: ShowListItem; eager: boolean; showCity: boolean }) {
  const { t, i18n } = useTranslation("explore");
  const language = (i18n.language === "zh-HK" ? "zh-HK" : "en-US") as Language;
  const when = sessionTime(item.startsAt, item.timeZone, language);
  return (
    <Link to={tourHref(item.tourId)} prefetch="intent" className={styles.row} data-status={item.status}>
      <span className={styles.thumb}>
        <Poster src={item.posterUrl} alt="" eager={eager} />
      </span>
      <span className={styles.body}>
        <time className={styles.when} dateTime={when.iso}>
          <span>{when.dayLabel}</span>
          <span aria-hidden="true">·</span>
          <span>{when.time}</span>
        </time>
        <span className={styles.rowTitle}>{item.title}</span>
        <span className={styles.where}>{showCity ? `${item.venue.name} · ${item.city.name}` : item.venue.name}</span>
        <span className={styles.offer}>
          {item.status === "CANCEL" ? (
            <span className={styles.badge} data-tone="cancelled">
              {t("status.cancelled")}
            </span>
          ) : item.status === "PENDING" ? (
            <span className={styles.badge} data-tone="soon">
              {t("status.onSaleOn", { date: shortDateTime(item.saleStartsAt, item.timeZone, language) })}
            </span>
          ) : item.lowestPrice ? (
            <Price
              amount={item.lowestPrice.allIn}
              faceValue={item.lowestPrice.faceValue}
              comparedToFace={item.lowestPrice.comparedToFace}
              from
              size="sm"
            />
          ) : (
            <span className={styles.badge}>{t("status.noTickets")}</span>
          )}
        </span>
      </span>
    </Link>
  );
}

interface EmptyStateProps {
  datesChosen: boolean;
  everywhere: boolean;
  query: { categoryId?: number; cityCode?: string; preset?: string; from?: string; to?: string };
}

/** Nothing matches: say so, and offer the ways to widen the search that would find something. */
function EmptyState({ datesChosen, everywhere, query }: EmptyStateProps) {
  const { t } = useTranslation("explore");
  const dates = { preset: undefined, from: undefined, to: undefined };
  return (
    <div className={styles.empty}>
      <svg className={styles.emptyArt} viewBox="0 0 120 120" aria-hidden="true">
        <circle cx="60" cy="60" r="56" fill="var(--color-brand-soft)" />
        <rect x="30" y="36" width="60" height="52" rx="10" fill="#fff" stroke="var(--color-brand)" strokeWidth="3" />
        <path d="M30 52h60" stroke="var(--color-brand)" strokeWidth="3" />
        <path d="M44 30v12M76 30v12" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" />
        <path d="M50 64l20 14M70 64 50 78" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className={styles.emptyTitle}>{datesChosen ? t("empty.datesTitle") : t("empty.title")}</h2>
      <p className={styles.emptyBody}>{datesChosen ? t("empty.datesBody") : t("empty.body")}</p>
      <div className={styles.emptyActions}>
        {datesChosen && query.preset !== "60d" ? (
          <Link to={exploreHref({ ...query, ...dates, preset: "60d" })} className={styles.primary}>
            {t("empty.widen")}
          </Link>
        ) : null}
        {datesChosen ? (
          <Link to={exploreHref({ ...query, ...dates })} className={styles.secondary}>
            {t("empty.anyDate")}
          </Link>
        ) : null}
        {!everywhere ? (
          <Link to={exploreHref({ ...query, cityCode: "ALL" })} className={datesChosen ? styles.secondary : styles.primary}>
            {t("empty.everywhere")}
          </Link>
        ) : null}
        {query.categoryId !== undefined ? (
          <Link to={exploreHref({ ...query, categoryId: undefined })} className={styles.secondary}>
            {t("empty.allCategories")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

interface WhereOptionsProps {
  cities: { code: string; name: string; locationCode: string | null }[];
  current: { kind: string; code: string; name: string | null };
  viewerLocation: string;
  hrefFor: (cityCode: string) => string;
}

/** Everywhere, the viewer's own region as a whole, then cities: near the viewer first. */
function WhereOptions({ cities, current, viewerLocation, hrefFor }: WhereOptionsProps) {
  const { t } = useTranslation("explore");
  const near = cities.filter((city) => city.locationCode === viewerLocation);
  const elsewhere = cities.filter((city) => city.locationCode !== viewerLocation);
  // A region of one city (Hong Kong, Macau) is that city: one row, not two of the same name.
  const regionIsCity = current.kind === "region" && near.length === 1 && near[0]!.locationCode === current.code;
  const selected = (code: string) => current.code === code || (regionIsCity && near[0]!.code === code);
  const option = (code: string, name: string) => (
    <li key={code}>
      <Link to={hrefFor(code)} className={styles.place} aria-current={selected(code) ? "true" : undefined} replace>
        <span>{name}</span>
        {selected(code) ? (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        ) : null}
      </Link>
    </li>
  );
  return (
    <div className={styles.places}>
      <ul className={styles.placeList}>{option("ALL", t("where.everywhere"))}</ul>
      {near.length > 0 || current.kind === "region" ? (
        <>
          <h3 className={styles.placeHeading}>{t("where.near")}</h3>
          <ul className={styles.placeList}>
            {current.kind === "region" && current.name && !regionIsCity ? option(current.code, current.name) : null}
            {near.map((city) => option(city.code, city.name))}
          </ul>
        </>
      ) : null}
      {elsewhere.length > 0 ? (
        <>
          <h3 className={styles.placeHeading}>{t("where.elsewhere")}</h3>
          <ul className={styles.placeList}>{elsewhere.map((city) => option(city.code, city.name))}</ul>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
