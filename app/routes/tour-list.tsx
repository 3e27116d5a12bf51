/**
 * The tour list (/tourList, SPEC §2 tourList): every tour with a live show where the viewer is
 * looking, most popular first, narrowed by category, tag and place. Query values are the JSON
 * API's (GET /pub/tour/v1/list): ?categoryId=&tag=&cityCode=&page=. It is also where Home's Top
 * Picks continues without JavaScript (?page=2). With JavaScript, more loads as the viewer
 * scrolls within 400px of the end.
 */
import { data, redirect, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { loadReference } from "@market/reference";
import { discoveryScope } from "@market/reference/scope";
import { EVERYWHERE } from "@market/reference/scope-code";
import { listCategories } from "@market/catalog/tags";
import { listTours, tourListQuerySchema } from "@market/catalog/tours";
import { CODES, MarketError } from "@market/errors";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips, listHref } from "~/components/filter-chips";
import { LoadMore, useLoadMore } from "~/components/load-more";
import { PageHeader } from "~/components/page-header";
import { EmptyTours, TourGrid } from "~/components/tour-card";
import { withWrittenDates } from "~/i18n/show-dates";
import { i18nServer } from "~/i18n/i18n.server";
import styles from "./discover-list.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/tour-list";

export const handle = { i18n: ["discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.pageTitle });

const PATH = "/tourList";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const url = new URL(request.url);
  const parsed = tourListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // A value we cannot read is dropped, and the list shown without it.
  if (!parsed.success) throw redirect(without(url, parsed.error.issues.map((issue) => String(issue.path[0]))));
  const query = parsed.data;
  try {
    const [list, home, categories, reference, t] = await Promise.all([
      listTours(ctx, query),
      discoveryScope(ctx),
      listCategories(ctx, { cityCode: query.cityCode }),
      loadReference(ctx),
      i18nServer.getFixedT(ctx.viewer.language, "discover"),
    ]);
    const zh = ctx.viewer.language === "zh-HK";
    const category = categories.find((candidate) => candidate.id === query.categoryId) ?? null;
    const heading = category?.name ?? (query.tag ? `#${query.tag}` : t("tourList.title"));
    return data({
      // Each card's dates written here, so the page hydrates without a date formatter.
      list: { ...list, list: withWrittenDates(list.list, ctx.viewer.language) },
      categories,
      cities: reference.locations
        .filter((location) => location.kind === "city" && !location.clientHidden)
        .map((location) => ({ code: location.code, name: zh ? location.nameZh : location.nameEn })),
      // The viewer's own place is the first chip; a city that is all of it needs no chip of its own.
      home: { name: home.name ?? "", coveredCity: home.cityCodes.length === 1 ? home.cityCodes[0] : null },
      query: { categoryId: query.categoryId, tag: query.tag, cityCode: query.cityCode },
      heading,
      pageTitle: `${heading} · Ovation`,
    });
  } catch (error) {
    // A category, tag or place we do not list: show the list without it.
    if (error instanceof MarketError && error.code === CODES.invalidParam && typeof error.params.field === "string") {
      throw redirect(without(url, [error.params.field]));
    }
    throw error;
  }
}

function without(url: URL, keys: string[]): string {
  const params = new URLSearchParams(url.searchParams);
  for (const key of keys) params.delete(key);
  params.delete("page");
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export default function TourList() {
  const { list, categories, cities, home, query, heading } = useLoaderData<typeof loader>();
  const { t } = useTranslation("discover");
  const api = (page: number) => listHref("/pub/tour/v1/list", { ...query, cityCode: list.scope.code, page, pageSize: list.pageSize });
  const more = useLoadMore({ first: list, apiUrl: api, pageHref: (page) => listHref(PATH, { ...query, page }) });
  const placeName = list.scope.kind === "everywhere" ? t("scope.everywhere") : (list.scope.name ?? "");

  const placeChips = [
    { key: "home", label: home.name, href: listHref(PATH, { ...query, cityCode: undefined }), current: query.cityCode === undefined },
    { key: EVERYWHERE, label: t("scope.everywhere"), href: listHref(PATH, { ...query, cityCode: EVERYWHERE }), current: query.cityCode === EVERYWHERE },
    ...cities
      .filter((city) => city.code !== home.coveredCity)
      .map((city) => ({ key: city.code, label: city.name, href: listHref(PATH, { ...query, cityCode: city.code }), current: query.cityCode === city.code })),
  ];
  const categoryChips = [
    { key: "all", label: t("scope.all"), href: listHref(PATH, { ...query, categoryId: undefined }), current: query.categoryId === undefined },
    ...categories
      .filter((category) => category.tourCount > 0 || category.id === query.categoryId)
      .map((category) => ({
        key: String(category.id),
        label: category.name,
        count: category.tourCount,
        href: listHref(PATH, { ...query, categoryId: category.id }),
        current: category.id === query.categoryId,
      })),
  ];

  return (
    <main className={styles.page}>
      <PageHeader title={heading} />
      <div className={styles.intro}>
        <p className={styles.summary}>
          {t("list.count", { count: list.total })} · {placeName}
        </p>
      </div>
      <div className={styles.filters}>
        <FilterChips label={t("tourList.city")} chips={placeChips} />
        <FilterChips label={t("tourList.category")} chips={categoryChips} />
      </div>
      {list.page > 1 ? (
        <Link to={listHref(PATH, { ...query, page: list.page - 1 })} className={styles.earlier}>
          {t("list.earlier", { page: list.page - 1 })}
        </Link>
      ) : null}
      {list.total === 0 ? (
        <EmptyTours
          title={list.scope.kind === "everywhere" ? t("empty.everywhereTitle") : t("empty.title", { location: placeName })}
          body={t("empty.body")}
          action={list.scope.kind === "everywhere" ? null : { to: listHref(PATH, { ...query, cityCode: EVERYWHERE }), label: t("empty.browseEverywhere") }}
        />
      ) : (
        <>
          <TourGrid tours={more.items} pending={more.state === "loading"} eagerCount={list.page === 1 ? 4 : 0} showCategory={query.categoryId === undefined} />
          <LoadMore {...more} endLabel={list.total > list.pageSize ? t("list.end") : null} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
