/**
 * The Tags view (SPEC §2: 'a Tags view lists all tickets of a category'): /tags?category={slug},
 * narrowed to one tag with &tag={slug} (or a tag on its own, /tags?tag={slug}), and to a place
 * with &cityCode=. Tours come most popular first, as everywhere in discovery; the chips are the
 * tags found among the category's live tours. An unknown category or tag is a 404.
 */
import { data, redirect, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { EVERYWHERE } from "@market/reference/scope-code";
import { tagsView, tagsViewQuerySchema } from "@market/catalog/tags";
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
import type { Route } from "./+types/tags";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.pageTitle });

const PATH = "/tags";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const url = new URL(request.url);
  const parsed = tagsViewQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const wrong = parsed.error.issues.map((issue) => String(issue.path[0]));
    if (wrong.includes("category") || wrong.includes("tag")) throw notFoundResponse();
    throw redirect(without(url, wrong));
  }
  const query = parsed.data;
  try {
    const [view, t] = await Promise.all([tagsView(ctx, query), i18nServer.getFixedT(ctx.viewer.language, "discover")]);
    const name = view.category?.name ?? view.tag?.name ?? "";
    // Each card's dates written here, so the page hydrates without a date formatter.
    const written = { ...view, tours: { ...view.tours, list: withWrittenDates(view.tours.list, ctx.viewer.language) } };
    return data({ view: written, query: { category: query.category, tag: query.tag, cityCode: query.cityCode }, pageTitle: t("tags.metaTitle", { name }) });
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    if (error instanceof MarketError && error.code === CODES.invalidParam && typeof error.params.field === "string") {
      throw redirect(without(url, [error.params.field]));
    }
    throw error;
  }
}

function without(url: URL, keys: string[]): string {
  const params = new URLSearchParams(url.searchParams);
  for (const key of [...keys, "page"]) params.delete(key);
  return `${PATH}?${params}`;
}

export default function Tags() {
  const { view, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("discover");
  const { category, tag, tours, scope } = view;
  const more = useLoadMore({
    first: tours,
    apiUrl: (page) => listHref("/pub/tour/v1/list", { categoryId: category?.id, tag: tag?.slug, cityCode: scope.code, page, pageSize: tours.pageSize }),
    pageHref: (page) => listHref(PATH, { ...query, page }),
  });
  const placeName = scope.kind === "everywhere" ? t("scope.everywhere") : (scope.name ?? "");
  const name = category?.name ?? tag?.name ?? "";
  const tagChips = [
    ...(category
      ? [{ key: "all", label: t("tags.allIn", { name: category.name }), href: listHref(PATH, { ...query, tag: undefined }), current: tag === null }]
      : []),
    ...view.tags
      .filter((chip) => chip.tourCount > 0 || chip.slug === tag?.slug)
      .map((chip) => ({
        key: chip.slug,
        label: chip.name,
        count: chip.tourCount,
        href: listHref(PATH, { ...query, tag: chip.slug }),
        current: chip.slug === tag?.slug,
      })),
  ];

  return (
    <main className={styles.page}>
      <PageHeader title={category && tag ? `${category.name} · ${tag.name}` : name} />
      <div className={styles.intro}>
        <p className={styles.summary}>
          {t("list.count", { count: tours.total })} · {placeName}
        </p>
      </div>
      {tagChips.length > 1 ? (
        <div className={styles.filters}>
          <FilterChips label={name} chips={tagChips} pinFirst={category !== null} />
        </div>
      ) : null}
      {tours.page > 1 ? (
        <Link to={listHref(PATH, { ...query, page: tours.page - 1 })} className={styles.earlier}>
          {t("list.earlier", { page: tours.page - 1 })}
        </Link>
      ) : null}
      {tours.total === 0 ? (
        <EmptyTours
          title={scope.kind === "everywhere" ? t("empty.everywhereTitle") : t("empty.title", { location: placeName })}
          body={t("empty.body")}
          action={scope.kind === "everywhere" ? null : { to: listHref(PATH, { ...query, cityCode: EVERYWHERE }), label: t("empty.browseEverywhere") }}
        />
      ) : (
        <>
          <TourGrid tours={more.items} pending={more.state === "loading"} eagerCount={tours.page === 1 ? 4 : 0} showCategory={category === null} />
          <LoadMore {...more} endLabel={tours.total > tours.pageSize ? t("list.end") : null} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
