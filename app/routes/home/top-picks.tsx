/**
 * Home's Top Picks: every tour where the viewer is looking, a page at a time, the next asked for
 * as the buyer scrolls near its end (load-more.tsx); without JavaScript it continues on the tour
 * list, which is the same list.
 */
import { useTranslation } from "react-i18next";
import type { HomeFloor } from "@market/catalog/floors";
import { DEFAULT_PAGE_SIZE } from "@market/paging/list-page";
import { EVERYWHERE } from "@market/reference/scope-code";
import { useLoadMore } from "~/components/load-more";
import LoadMore from "~/components/load-more-link";
import { EmptyTours, TourGrid, type CardTour } from "~/components/tour-card";
import styles from "./styles.module.css";

export default function TopPicks({ page, scopeCode, locationName }: { page: Extract<HomeFloor<CardTour>, { kind: "topPicks" }>["page"]; scopeCode: string; locationName: string }) {
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
