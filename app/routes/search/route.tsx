/**
 * Search (/search?keyword=&type=&page=): every show, artist, venue and city whose name matches,
 * in either language, grouped; a GET form, so the results page is complete without JavaScript
 * and every search is an address to share, reload and index. No keyword: the popular searches
 * and the categories. A query the schema refuses (a 1,000-character keyword, an unknown group)
 * is a 400 that says why in the viewer's language, the typed keyword still in the field.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FilterChips } from "~/components/filter-chips";
import { PageHeader } from "~/components/page-header";
import { SearchField } from "~/components/search-field";
import { posterPreload } from "~/components/poster";
import { i18nServer } from "~/i18n/i18n.server";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import { popularSearches, searchCatalog } from "@market/search/search";
import { searchQuerySchema } from "@market/search/query";
import { SEARCH_KEYWORD_MAX, SEARCH_TYPES, type SearchResults, type SearchType } from "@market/search/results";
import { AD_PARAM_NAMES } from "@market/analytics/ad-params";
import { LANGUAGE_PARAM } from "../../../functions/web/language-address";
import { normalisedKeyword } from "../../../functions/web/search-keyword";
import { EmptyResults, InvalidSearch, PopularState, ResultGroups, resultCount, searchHref, withWrittenWhen } from "./search-parts";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["search", "explore", "discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const first = data?.state === "results" ? data.results.shows.list[0] : undefined;
  return [
    ...(first ? [posterPreload(first.posterUrl)] : []),
    ...pageMeta(rootSeo(matches), { title: data?.title, description: data?.description }),
    // A refused address is no page of its own.
    ...(data?.state === "invalid" ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

/** Fields any page may carry (its language, an ad's campaign): not part of the search. */
const PAGE_FIELDS = new Set<string>([LANGUAGE_PARAM, ...AD_PARAM_NAMES]);

/** The address's search fields; a field given twice stays a list, which the schema refuses. */
function searchInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    if (PAGE_FIELDS.has(name)) continue;
    const values = params.getAll(name);
    input[name] = values.length === 1 ? values[0]! : values;
  }
  return input;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const input = searchInput(new URL(request.url).searchParams);
  const typed = typeof input.keyword === "string" ? input.keyword : Array.isArray(input.keyword) ? input.keyword[0]! : "";
  const t = await i18nServer.getFixedT(ctx.viewer.language, "search");
  // No keyword yet is the screen's first state, not a mistake: the rest of the query is still checked.
  const blank = typed.trim() === "";
  const parsed = searchQuerySchema.safeParse(blank ? { ...input, keyword: "-" } : input);
  const base = { keyword: blank ? "" : normalisedKeyword(typed) };

  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path[0] !== "keyword" ? t("invalid.query") : issue.code === "too_big" ? t("invalid.tooLong", { max: SEARCH_KEYWORD_MAX }) : t("invalid.keyword");
    // The keyword stays as typed, so the buyer can shorten it rather than type it again.
    return data(
      { ...base, keyword: typed, state: "invalid" as const, type: "all" as SearchType, message, title: t("metaTitle"), description: t("metaDescription") },
      { status: 400, headers: { "cache-control": "no-store" } },
    );
  }

  const query = parsed.data;
  if (blank) {
    const popular = await popularSearches(ctx);
    return data({ ...base, state: "popular" as const, type: query.type, popular, title: t("metaTitle"), description: t("metaDescription") });
  }

  const found = await searchCatalog(ctx, query);
  // The page says the keyword folded, as the page cache keys it: 'Nova ' and 'nova' are one page.
  const keyword = base.keyword;
  const results: SearchResults = { ...found, keyword, shows: { ...found.shows, list: found.shows.list.map((show) => withWrittenWhen(show, ctx.viewer.language)) } };
  const copy = { title: t("metaTitleFor", { keyword }), description: t("metaDescriptionFor", { keyword }) };
  if (resultCount(results) === 0 && results.categories.length === 0) {
    // Nothing to show: offer the closest names, and the categories to browse instead.
    const popular = results.closest.length > 0 ? null : await popularSearches(ctx);
    return data({ ...base, ...copy, state: "empty" as const, type: query.type, results, categories: popular?.categories ?? [] });
  }
  return data({ ...base, ...copy, state: "results" as const, type: query.type, results });
}

export default function Search() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("search");
  const tabs =
    loaded.state === "results" || loaded.state === "empty"
      ? SEARCH_TYPES.map((type) => ({
          key: type,
          label: t(`types.${type}`),
          href: searchHref({ keyword: loaded.keyword, type }),
          current: type === loaded.type,
        }))
      : null;

  return (
    <>
      <PageHeader title={t("title")} fallback="/" />
      <main className={styles.page}>
        <div className={styles.top}>
          <SearchField
            defaultValue={loaded.keyword}
            invalid={loaded.state === "invalid" ? "search-invalid" : undefined}
          />
          {tabs ? <FilterChips label={t("types.label")} chips={tabs} pinFirst={false} /> : null}
        </div>
        {loaded.state === "invalid" ? <InvalidSearch id="search-invalid" message={loaded.message} /> : null}
        {loaded.state === "popular" ? <PopularState popular={loaded.popular} /> : null}
        {loaded.state === "empty" ? <EmptyResults results={loaded.results} categories={loaded.categories} /> : null}
        {loaded.state === "results" ? <ResultGroups results={loaded.results} /> : null}
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
