/**
 * Home's Top Picks (SPEC §2), the last floor: the first page drawn by the server, more loaded as
 * the viewer nears the bottom (a next-page link without JavaScript). Below the first screen, so
 * the browser fetches this file apart from the page's first download (app/routes/home/route.tsx).
 */
import { useTranslation } from "react-i18next";
import type { HomeFloor } from "@market/catalog/floors";
import { DEFAULT_PAGE_SIZE } from "@market/paging/list-page";
import { EVERYWHERE } from "@market/reference/scope-code";
import { LoadMore, useLoadMore } from "~/components/load-more";
import { EmptyTours, TourGrid, type CardTour } from "~/components/tour-card";
import styles from "./styles.module.css";

export function TopPicks({ page, scopeCode, locationName }: { page: Extract<HomeFloor<CardTour>, { kind: "topPicks" }>["page"]; scopeCode: string; locationName: string }) {
  const { t } = useTranslation("discover");
  const list = useLoadMore({
    first: page,
    apiUrl: (next) => `/pub/tour/v1/list?page=${next}&pageSize=${DEFAULT_PAGE_SIZE}&cityCode=${scopeCode}`,
    // Without JavaScript, Top Picks continues on the tour list, which is the same list.
    pageHref: (next) => `/tourList?page=${next}`,
  });
  return (
    <section className={styles.topPicks} aria-labelledby="top-picks">
      <div className={styles.floorHead}>
        <h2 id="top-picks" className={styles.floorTitleLarge}>
          {t("floors.topPicks")}
        </h2>
      </div>
      {list.items.length === 0 ? (
        <EmptyTours
          title={scopeCode === EVERYWHERE ? t("empty.everywhereTitle") : t("empty.title", { location: locationName })}
          body={t("empty.body")}
          action={scopeCode === EVERYWHERE ? null : { to: `/tourList?cityCode=${EVERYWHERE}`, label: t("empty.browseEverywhere") }}
        />
      ) : (
        <>
          <TourGrid tours={list.items} pending={list.state === "loading"} />
          <LoadMore {...list} endLabel={t("list.end")} />
        </>
      )}
    </section>
  );
}

export default TopPicks;
