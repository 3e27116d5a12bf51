/**
 * The Tags view (SPEC §2: 'a Tags view lists all tickets of a category'): /tags?category={slug},
 * narrowed to one tag with &tag={slug} (or a tag on its own, /tags?tag={slug}), and to a place
 * with &cityCode=. Tours come most popular first, as everywhere in discovery; the chips are the
 * tags found among the category's live tours. An unknown category or tag is a 404.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { tagsView, tagsViewQuerySchema } from "@market/catalog/tags";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips, listHref } from "~/components/filter-chips";
import { ListPage } from "~/components/list-page";
import { TourGrid } from "~/components/tour-card";
import { withWrittenDates } from "~/i18n/show-dates";
import { i18nServer } from "~/i18n/i18n.server";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/tags";
import { dropUnlisted, readListQuery } from "~/server/list-query.server";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.pageTitle });

const PATH = "/tags";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const url = new URL(request.url);
  // What the page is about (its category or tag) unreadable is a 404; any other value is dropped.
  const query = readListQuery(url, PATH, tagsViewQuerySchema, ["category", "tag"]);
  try {
    const [view, t] = await Promise.all([tagsView(ctx, query), i18nServer.getFixedT(ctx.viewer.language, "discover")]);
    const name = view.category?.name ?? view.tag?.name ?? "";
    // Each card's dates written here, so the page hydrates without a date formatter.
    const written = { ...view, tours: { ...view.tours, list: withWrittenDates(view.tours.list, ctx.viewer.language) } };
    return data({ view: written, query: { category: query.category, tag: query.tag, cityCode: query.cityCode }, pageTitle: t("tags.metaTitle", { name }) });
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    dropUnlisted(error, url, PATH);
  }
}

export default function Tags() {
  const { view, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("discover");
  const { category, tag, tours, scope } = view;
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
    <ListPage
      path={PATH}
      query={query}
      first={tours}
      scope={scope}
      title={category && tag ? `${category.name} · ${tag.name}` : name}
      filters={tagChips.length > 1 ? <FilterChips label={name} chips={tagChips} pinFirst={category !== null} /> : null}
      apiUrl={(page) => listHref("/pub/tour/v1/list", { categoryId: category?.id, tag: tag?.slug, cityCode: scope.code, page, pageSize: tours.pageSize })}
    >
      {(items, pending) => <TourGrid tours={items} pending={pending} eagerCount={tours.page === 1 ? 4 : 0} showCategory={category === null} />}
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
