/**
 * The search screen's parts: the groups of results (shows as Explore draws them, then artists,
 * venues, cities and categories as places to go), the paging links, and the states around them:
 * nothing found, nothing typed yet, and a search refused.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { listHref } from "~/components/filter-chips";
import { Poster } from "~/components/poster";
import { ShowRow } from "~/components/show-row";
import { tourHref } from "~/components/tour-href";
import { showDates } from "~/i18n/show-dates";
import { shortDateTime, writtenSessionTime } from "~/i18n/session-time";
import type { Language } from "@market/context/viewer";
import type { Page } from "@market/paging/list-page";
import type { PopularSearches, SearchCategory, SearchResults, SearchShow, SearchType } from "@market/search/results";
import styles from "./styles.module.css";

export const PATH = "/search";

/** The search screen's address for these values; empty ones, the 'all' group and page 1 are left out. */
export function searchHref(values: { keyword?: string; type?: SearchType; page?: number }): string {
  return listHref(PATH, { keyword: values.keyword, type: values.type === "all" ? undefined : values.type, page: values.page });
}

/** A show's dates as its row writes them, in the venue's time zone: written by the loader, so the page hydrates without a date formatter. */
export interface WrittenWhen {
  iso: string;
  day: string;
  time?: string;
  saleOpens: string | null;
}

export type WrittenShow = SearchShow & { written?: WrittenWhen };

/** One day: its weekday, date and time ('Sat, Mar 14 · 8:15 PM'); several days: their span ('Jul 12 – Aug 3'). */
export function withWrittenWhen(show: SearchShow, language: Language): WrittenShow {
  const dates = showDates(language);
  const first = { at: show.firstStartsAt, timeZone: show.timeZone };
  const last = { at: show.lastStartsAt, timeZone: show.timeZone };
  const oneDay = dates.day(first) === dates.day(last);
  const start = writtenSessionTime(show.firstStartsAt, show.timeZone, language);
  return {
    ...show,
    written: {
      iso: start.iso,
      ...(oneDay ? { day: start.dayLabel, time: start.time } : { day: dates.range(first, last)! }),
      saleOpens: show.status === "PENDING" ? shortDateTime(show.saleStartsAt, show.timeZone, language) : null,
    },
  };
}

/** Everything found, of every group (categories aside: they are filters, not results). */
export function resultCount(results: Pick<SearchResults, "shows" | "artists" | "venues" | "cities">): number {
  return results.shows.total + results.artists.total + results.venues.total + results.cities.total;
}

function ShowResult({ show, eager }: { show: WrittenShow; eager: boolean }) {
  const when = show.written ?? { iso: new Date(show.firstStartsAt).toISOString(), day: "", saleOpens: null };
  return (
    <ShowRow
      href={tourHref(show.tourId)}
      posterUrl={show.posterUrl}
      eager={eager}
      when={when}
      title={show.title}
      where={`${show.venue.name} · ${show.city.name}`}
      status={show.status}
      lowestPrice={show.lowestPrice}
      saleOpens={when.saleOpens}
    />
  );
}

function Group({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className={styles.group} aria-labelledby={id}>
      <div className={styles.groupHead}>
        <h2 id={id} className={styles.groupTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A place to go from a result that is not a show: an artist's tour, a venue's shows, a city's Explore. */
function PlaceRow({ to, icon, name, detail }: { to: string; icon: ReactNode; name: string; detail: string }) {
  return (
    <li>
      <Link to={to} className={styles.place} prefetch="intent">
        <span className={styles.placeIcon}>{icon}</span>
        <span className={styles.placeText}>
          <span className={styles.placeName}>{name}</span>
          <span className={styles.placeDetail}>{detail}</span>
        </span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.placeChevron}>
          <path d="m9 6 6 6-6 6" />
        </svg>
      </Link>
    </li>
  );
}

const PIN = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21Z" />
    <circle cx="12" cy="10" r="2.3" />
  </svg>
);
const BUILDING = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 20h16M6 20V9l6-4 6 4v11M10 20v-5h4v5" />
  </svg>
);

/** Previous and next pages of one group, as plain links (the address is the page). */
function Paging({ page, keyword, type }: { page: Page<unknown>; keyword: string; type: SearchType }) {
  const { t } = useTranslation("search");
  if (page.page === 1 && !page.hasMore) return null;
  return (
    <nav className={styles.paging} aria-label={t("resultsLabel", { keyword })}>
      {page.page > 1 ? (
        <Link to={searchHref({ keyword, type, page: page.page - 1 })} className={styles.pageLink}>
          {t("previous")}
        </Link>
      ) : null}
      {page.hasMore ? (
        <Link to={searchHref({ keyword, type, page: page.page + 1 })} className={styles.pageLink} data-next>
          {t("more")}
        </Link>
      ) : null}
    </nav>
  );
}

/** 'See all 12' under a preview of a group that holds more than it shows. */
function SeeAll({ page, keyword, type }: { page: Page<unknown>; keyword: string; type: SearchType }) {
  const { t } = useTranslation("search");
  if (page.total <= page.list.length) return null;
  return (
    <Link to={searchHref({ keyword, type })} className={styles.seeAll}>
      {t("seeAll", { count: page.total })}
    </Link>
  );
}

export function CategoryChips({ categories, label }: { categories: SearchCategory[]; label: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={listHref("/show-list", { categoryId: category.id })} className={styles.chip}>
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The groups of one page of results: on `all`, a preview of each group with shows paged; on one group, that group paged. */
export function ResultGroups({ results }: { results: SearchResults }) {
  const { t } = useTranslation("search");
  const { keyword, type } = results;
  const shows = results.shows.list as WrittenShow[];
  const upcoming = shows.filter((show) => show.status !== "PAST");
  const past = shows.filter((show) => show.status === "PAST");
  const showsPaged = type === "all" || type === "shows";
  const total = resultCount(results);

  const showList = (list: WrittenShow[], eagerFirst: boolean) => (
    <ol className={styles.shows}>
      {list.map((show, index) => (
        <li key={show.showId}>
          <ShowResult show={show} eager={eagerFirst && index < 3} />
        </li>
      ))}
    </ol>
  );

  return (
    <div className={styles.results}>
      <p className={styles.count} role="status">
        {t("count", { count: total, keyword })}
      </p>

      {results.artists.list.length > 0 ? (
        <Group id="search-artists" title={t("groups.artists")} action={type === "all" ? <SeeAll page={results.artists} keyword={keyword} type="artists" /> : null}>
          <ul className={styles.places}>
            {results.artists.list.map((artist) => (
              <PlaceRow
                key={`${artist.name}-${artist.tourId}`}
                to={tourHref(artist.tourId)}
                icon={<Poster src={artist.posterUrl} alt="" />}
                name={artist.name}
                detail={t("tours", { count: artist.tours })}
              />
            ))}
          </ul>
          {type === "artists" ? <Paging page={results.artists} keyword={keyword} type={type} /> : null}
        </Group>
      ) : null}

      {upcoming.length > 0 ? <Group id="search-shows" title={t("groups.shows")}>{showList(upcoming, true)}</Group> : null}

      {results.venues.list.length > 0 ? (
        <Group id="search-venues" title={t("groups.venues")} action={type === "all" ? <SeeAll page={results.venues} keyword={keyword} type="venues" /> : null}>
          <ul className={styles.places}>
            {results.venues.list.map((venue) => (
              <PlaceRow
                key={venue.id}
                to={searchHref({ keyword: venue.name, type: "shows" })}
                icon={BUILDING}
                name={venue.name}
                detail={[venue.city.name, venue.upcomingShows > 0 ? t("upcoming", { count: venue.upcomingShows }) : t("noUpcoming")].join(" · ")}
              />
            ))}
          </ul>
          {type === "venues" ? <Paging page={results.venues} keyword={keyword} type={type} /> : null}
        </Group>
      ) : null}

      {results.cities.list.length > 0 ? (
        <Group id="search-cities" title={t("groups.cities")} action={type === "all" ? <SeeAll page={results.cities} keyword={keyword} type="cities" /> : null}>
          <ul className={styles.places}>
            {results.cities.list.map((city) => (
              <PlaceRow
                key={city.code}
                to={listHref("/show-list", { cityCode: city.code })}
                icon={PIN}
                name={city.name}
                detail={city.upcomingShows > 0 ? t("upcoming", { count: city.upcomingShows }) : t("noUpcoming")}
              />
            ))}
          </ul>
          {type === "cities" ? <Paging page={results.cities} keyword={keyword} type={type} /> : null}
        </Group>
      ) : null}

      {type === "all" && results.categories.length > 0 ? (
        <Group id="search-categories" title={t("groups.categories")}>
          <CategoryChips categories={results.categories} label={t("groups.categories")} />
        </Group>
      ) : null}

      {/* Past shows come last on their page, said to be past. */}
      {past.length > 0 ? <Group id="search-past" title={t("groups.past")}>{showList(past, upcoming.length === 0)}</Group> : null}
      {showsPaged ? <Paging page={results.shows} keyword={keyword} type={type} /> : null}
    </div>
  );
}

function StateArt() {
  return (
    <svg className={styles.stateArt} viewBox="0 0 96 96" aria-hidden="true">
      <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
      <circle cx="43" cy="43" r="17" fill="none" stroke="var(--color-brand)" strokeWidth="6" />
      <path d="M56 56l14 14" stroke="var(--color-brand)" strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}

/** Nothing matched: say so, then the names closest to what was typed, or the categories to browse. */
export function EmptyResults({ results, categories }: { results: SearchResults; categories: SearchCategory[] }) {
  const { t } = useTranslation("search");
  return (
    <section className={styles.state} aria-labelledby="search-empty">
      <StateArt />
      <h2 id="search-empty" className={styles.stateTitle}>
        {t("empty.title", { keyword: results.keyword })}
      </h2>
      <p className={styles.stateBody}>{t("empty.body")}</p>
      {results.closest.length > 0 ? (
        <div className={styles.offer}>
          <h3 className={styles.offerTitle}>{t("empty.closest")}</h3>
          <ul className={styles.chips}>
            {results.closest.map((name) => (
              <li key={name}>
                <Link to={searchHref({ keyword: name })} className={styles.chip}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {categories.length > 0 ? (
        <div className={styles.offer}>
          <h3 className={styles.offerTitle}>{t("empty.categories")}</h3>
          <CategoryChips categories={categories} label={t("empty.categories")} />
        </div>
      ) : null}
      <Link to="/show-list" className={styles.primary}>
        {t("empty.explore")}
      </Link>
    </section>
  );
}

/** Nothing typed yet: what the field finds, the searches most buyers make, and the categories. */
export function PopularState({ popular }: { popular: PopularSearches }) {
  const { t } = useTranslation("search");
  return (
    <div className={styles.results}>
      <p className={styles.prompt}>{t("popular.prompt")}</p>
      {popular.keywords.length > 0 ? (
        <Group id="search-popular" title={t("popular.title")}>
          <ul className={styles.chips}>
            {popular.keywords.map((keyword) => (
              <li key={keyword}>
                <Link to={searchHref({ keyword })} className={styles.chip}>
                  {keyword}
                </Link>
              </li>
            ))}
          </ul>
        </Group>
      ) : null}
      {popular.categories.length > 0 ? (
        <Group id="search-categories" title={t("popular.categories")}>
          <CategoryChips categories={popular.categories} label={t("popular.categories")} />
        </Group>
      ) : null}
    </div>
  );
}

/** A search the schema refused: why, in the viewer's language (the field above keeps what was typed). */
export function InvalidSearch({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={styles.invalid} role="alert">
      {message}
    </p>
  );
}
