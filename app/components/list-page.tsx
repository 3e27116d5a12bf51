/**
 * The page of a discovery list (/events, /tags, /tourList): its heading, how many are on sale
 * and where, its filter chips, a link back to the page before when the address starts further
 * in, then the list, which grows as the viewer scrolls (a next-page link without JavaScript),
 * or, when nothing is on sale there, the empty state with a way to look everywhere. Each list
 * says only what differs: its heading, its filters, its API address and how an item looks.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Page } from "@market/paging/list-page";
import type { DiscoveryScope } from "@market/reference/scope";
import { EVERYWHERE } from "@market/reference/scope-code";
import { listHref } from "./filter-chips";
import { LoadMore, useLoadMore } from "./load-more";
import { PageHeader } from "./page-header";
import { EmptyTours } from "./tour-card";
import styles from "./list-page.module.css";

type ListQuery = Record<string, string | number | undefined | null>;

export interface ListPageProps<T> {
  /** The page's own address, for the earlier, next-page and 'everywhere' links. */
  path: string;
  /** The query values the page was asked for, kept by every link. */
  query: ListQuery;
  /** The page the server rendered (the same object until the server sends another: the list starts again then). */
  first: Page<T>;
  /** The place the list covers. */
  scope: Pick<DiscoveryScope, "kind" | "name">;
  title: string;
  /** The count line's key in `discover` (tours unless said). */
  countKey?: string;
  /** The filter chips; nothing when the list has none worth showing. */
  filters?: ReactNode;
  /** The empty state's title for the place's name; by default it speaks of tours here or everywhere. */
  emptyTitle?: (placeName: string) => string;
  /** The JSON API's address of a page, for loading more. */
  apiUrl: (page: number) => string;
  /** The items so far, and whether more are loading. */
  children: (items: T[], pending: boolean) => ReactNode;
}

export function ListPage<T>({ path, query, first, scope, title, countKey = "list.count", filters, emptyTitle, apiUrl, children }: ListPageProps<T>) {
  const { t } = useTranslation("discover");
  const more = useLoadMore({ first, apiUrl, pageHref: (page) => listHref(path, { ...query, page }) });
  const everywhere = scope.kind === "everywhere";
  const placeName = everywhere ? t("scope.everywhere") : (scope.name ?? "");
  const emptyFor = emptyTitle ?? ((location: string) => (everywhere ? t("empty.everywhereTitle") : t("empty.title", { location })));

  return (
    <main className={styles.page}>
      <PageHeader title={title} />
      <div className={styles.intro}>
        <p className={styles.summary}>
          {t(countKey, { count: first.total })} · {placeName}
        </p>
      </div>
      {filters ? <div className={styles.filters}>{filters}</div> : null}
      {first.page > 1 ? (
        <Link to={listHref(path, { ...query, page: first.page - 1 })} className={styles.earlier}>
          {t("list.earlier", { page: first.page - 1 })}
        </Link>
      ) : null}
      {first.total === 0 ? (
        <EmptyTours
          title={emptyFor(placeName)}
          body={t("empty.body")}
          action={everywhere ? null : { to: listHref(path, { ...query, cityCode: EVERYWHERE }), label: t("empty.browseEverywhere") }}
        />
      ) : (
        <>
          {children(more.items, more.state === "loading")}
          <LoadMore {...more} endLabel={first.total > first.pageSize ? t("list.end") : null} />
        </>
      )}
    </main>
  );
}
