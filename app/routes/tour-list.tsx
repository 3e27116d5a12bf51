/**
 * The tour list (/tourList, SPEC §2 tourList): every tour with a live show where the viewer is
 * looking, most popular first, narrowed by category, tag and place. Query values are the JSON
 * API's (GET /pub/tour/v1/list): ?categoryId=&tag=&cityCode=&page=. It is also where Home's Top
 * Picks continues without JavaScript (?page=2). With JavaScript, more loads as the viewer
 * scrolls within 400px of the end.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { loadReference } from "@market/reference";
import { discoveryScope } from "@market/reference/scope";
import { EVERYWHERE } from "@market/reference/scope-code";
import { listCategories } from "@market/catalog/tags";
import { listTours, tourListQuerySchema } from "@market/catalog/tours";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips, listHref } from "~/components/filter-chips";
import { ListPage } from "~/components/list-page";
import { TourGrid } from "~/components/tour-card";
import { withWrittenDates } from "~/i18n/show-dates";
import { i18nServer } from "~/i18n/i18n.server";
import { dropUnlisted, readListQuery } from "~/server/list-query.server";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/tour-list";

export const handle = { i18n: ["discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.pageTitle });

const PATH = "/tourList";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const url = new URL(request.url);
  // A value we cannot read is dropped, and the list shown without it.
  const query = readListQuery(url, PATH, tourListQuerySchema);
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
    dropUnlisted(error, url, PATH);
  }
}

export default function TourList() {
  const { list, categories, cities, home, query, heading } = useLoaderData<typeof loader>();
  const { t } = useTranslation("discover");

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
    <ListPage
      path={PATH}
      query={query}
      first={list}
      scope={list.scope}
      title={heading}
      filters={
        <>
          <FilterChips label={t("tourList.city")} chips={placeChips} />
          <FilterChips label={t("tourList.category")} chips={categoryChips} />
        </>
      }
      apiUrl={(page) => listHref("/pub/tour/v1/list", { ...query, cityCode: list.scope.code, page, pageSize: list.pageSize })}
    >
      {(items, pending) => <TourGrid tours={items} pending={pending} eagerCount={list.page === 1 ? 4 : 0} showCategory={query.categoryId === undefined} />}
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
