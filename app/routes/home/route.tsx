/**
 * Home (SPEC §2): the brand bar with the viewer's location and settings (a sheet), a pending
 * location suggestion when there is one, the featured carousel, category chips, the floors
 * around Top Picks, then Top Picks itself, which loads more as the viewer nears the bottom (a
 * next-page link without JavaScript). What a phone's first screen shows (the carousel, the chips
 * and the first floor under them) is awaited; the floors below it and Top Picks are the deferred
 * half (docs/decisions.md 272), drawn until they arrive as their own titles over placeholder cards.
 */
import { data, Link, useLoaderData, useRouteLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import tourCardStyles from "~/components/tour-card.module.css";
import { filledFloors, homeFloorPlan, type HomeFloor, type HomeFloors } from "@market/catalog/floors";
import { describeLocationSuggestion, describeViewerPreferences } from "@market/preferences/options";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { SearchField } from "~/components/search-field";
import { SettingsTrigger } from "./settings-trigger";
import { laterPart } from "~/components/later-part";
import { TourCard, TourCardSkeleton, type CardTour } from "~/components/tour-card";
import { Deferred, Placeholder } from "~/components/deferred";
import { deferUnlessDocumentNeedsAll } from "~/server/deferred.server";
import { withWrittenDates } from "~/i18n/show-dates";
import { posterPreload } from "~/components/poster";
import styles from "./styles.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/route";
import type { loader as rootLoader } from "~/root";

/**
 * The settings sheet's body, the location suggestion and Top Picks (its list grows as the buyer
 * scrolls) come alive after the page is interactive (decision 317).
 */
const SettingsSheet = laterPart(() => import("./settings-sheet"));
const TopPicks = laterPart(() => import("./top-picks"));
const LocationSuggestion = laterPart(() => import("~/components/location-suggestion"));

export const handle = { i18n: ["discover"] };

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const hero = data?.floors.find((floor): floor is Extract<HomeFloor<CardTour>, { kind: "hero" }> => floor.kind === "hero")?.tours[0];
  return [...pageMeta(rootSeo(matches)), ...(hero ? [posterPreload(hero.posterUrl, "wide")] : [])];
};

/**
 * The floors a 390x844 phone shows before any scrolling: the carousel and, under the chips, the
 * top of the first floor after it. The floors below are the deferred half.
 */
const FIRST_SCREEN_FLOORS = 2;

type Plan = HomeFloors<number>;

/** Each card's dates written here, so the page hydrates without a date formatter. */
function writtenFloors(floors: HomeFloor[], language: Route.LoaderArgs["context"]["market"]["viewer"]["language"]): HomeFloor<CardTour>[] {
  return floors.map((floor): HomeFloor<CardTour> =>
    floor.kind === "topPicks" ? { ...floor, page: { ...floor.page, list: withWrittenDates(floor.page.list, language) } } : { ...floor, tours: withWrittenDates(floor.tours, language) },
  );
}

/** What the first screen needs: the location, the chips, the carousel and the first floor, and the rest's titles for their placeholders. */
async function loadCriticalData(context: Route.LoaderArgs["context"], planned: Promise<Plan>) {
  const ctx = context.market;
  const [plan, floors, preferences, suggested, t] = await Promise.all([
    planned,
    planned.then((plan) => filledFloors(ctx, plan.scope, plan.floors.slice(0, FIRST_SCREEN_FLOORS))),
    describeViewerPreferences(ctx),
    describeLocationSuggestion(ctx, context.locationSuggestion),
    i18nServer.getFixedT(ctx.viewer.language, "discover"),
  ]);
  return {
    scope: plan.scope,
    categories: plan.categories,
    floors: writtenFloors(floors, ctx.viewer.language),
    // The floors to come, as planned (titles, and how many cards each will hold).
    below: plan.floors.slice(FIRST_SCREEN_FLOORS),
    preferences,
    suggestion: suggested ? { code: suggested.code, name: suggested.name } : null,
    title: `${t("home.title")} · Ovation`,
  };
}

/** What can follow: the floors below the first screen, read beside the first screen's. Never rejects. */
function loadDeferredData(context: Route.LoaderArgs["context"], planned: Promise<Plan>) {
  const ctx = context.market;
  return {
    // A failed read leaves the floors below out; the first screen still shows.
    belowFloors: planned
      .then((plan) => filledFloors(ctx, plan.scope, plan.floors.slice(FIRST_SCREEN_FLOORS)))
      .then((floors) => writtenFloors(floors, ctx.viewer.language), (): HomeFloor<CardTour>[] => []),
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const planned = homeFloorPlan(context.market);
  // The critical half first: both read once the plan is in, and a database answers in the order
  // asked, so the first screen's cards are not queued behind the floors below.
  const critical = loadCriticalData(context, planned);
  const [loaded, streamed] = await Promise.all([critical, deferUnlessDocumentNeedsAll(context, loadDeferredData(context, planned))]);
  return data({ ...loaded, ...streamed }, { headers: { "cache-control": "private, no-store" } });
}

export default function Home() {
  const { scope, categories, floors, below, belowFloors, preferences, suggestion } = useLoaderData<typeof loader>();
  const { t } = useTranslation("discover");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const locationName = scope.name ?? t("scope.everywhere");
  const hero = floors.find((floor): floor is Extract<HomeFloor<CardTour>, { kind: "hero" }> => floor.kind === "hero");
  const chips = categories.filter((category) => category.tourCount > 0);

  return (
    <main className={styles.home}>
      <header className={styles.brandBar}>
        <Link to="/" className={styles.wordmark} aria-label="Ovation">
          <svg viewBox="0 0 28 28" aria-hidden="true" className={styles.mark}>
            <circle cx="14" cy="14" r="14" fill="var(--color-brand)" />
            <path d="M8 11h12v2.4a2 2 0 0 0 0 3.2V19H8v-2.4a2 2 0 0 0 0-3.2Z" fill="#fff" />
          </svg>
          <span>Ovation</span>
        </Link>
        <div className={styles.brandActions}>
          <Link to="/location-select?returnTo=%2F" className={styles.location} aria-label={t("home.changeLocation", { name: locationName })}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21Z" />
              <circle cx="12" cy="10" r="2.3" />
            </svg>
            <span>{locationName}</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.chevron}>
              <path d="m7 10 5 5 5-5" />
            </svg>
          </Link>
          <SettingsTrigger className={styles.iconButton} label={t("home.settings")}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="3" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3h0a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8v0a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
            </svg>
          </SettingsTrigger>
        </div>
      </header>
      {suggestion ? (
        <div className={styles.suggestion}>
          <LocationSuggestion suggestion={suggestion} currentName={locationName} returnTo="/" />
        </div>
      ) : null}

      <h1 className="visually-hidden">{t("home.title")}</h1>

      <SearchField />

      {hero ? <HeroCarousel tours={hero.tours} /> : null}

      {chips.length > 0 ? (
        <nav className={styles.categories} aria-label={t("home.categories")}>
          <ul className={styles.chips}>
            {chips.map((category) => (
              <li key={category.id}>
                <Link to={`/tags?category=${category.slug}`} className={styles.chip}>
                  {category.name}
                  <span className={styles.chipCount}>{category.tourCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <Floors floors={floors} scopeCode={scope.code} locationName={locationName} />
      <Deferred value={belowFloors} placeholder={<FloorsPlaceholder floors={below} />}>
        {(loaded) => <Floors floors={loaded} scopeCode={scope.code} locationName={locationName} />}
      </Deferred>
      {/* At the page's top level: without JavaScript the sheet is a fixed panel the sticky bar would trap. */}
      <SettingsSheet preferences={preferences} theme={root?.theme ?? "system"} />
    </main>
  );
}

function HeroCarousel({ tours }: { tours: CardTour[] }) {
  const { t } = useTranslation("discover");
  return (
    <section className={styles.hero} aria-roledescription="carousel" aria-label={t("floors.hero")}>
      <ul className={styles.heroTrack}>
        {tours.map((tour, index) => (
          <li key={tour.id} className={styles.heroSlide} aria-roledescription="slide" aria-label={t("heroSlide", { index: index + 1, count: tours.length })}>
            <TourCard tour={tour} layout="hero" eager={index === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A rail's title row, from the floor itself or from its plan (the same title before its cards arrive). */
function railHead(floor: HomeFloor<unknown>, t: TFunction<"discover">): { key: string; title: string; seeAll: { to: string; label: string } | null; showCategory: boolean } | null {
  switch (floor.kind) {
    case "weekend":
      return { key: "weekend", title: t("floors.weekend"), seeAll: { to: "/show-list?preset=weekend", label: t("seeAll") }, showCategory: true };
    case "category":
      return {
        key: `category-${floor.category.slug}`,
        title: floor.category.name,
        seeAll: {
          to: `/tags?category=${floor.category.slug}`,
          label: floor.total > floor.tours.length ? t("seeAllCount", { count: floor.total }) : t("seeAll"),
        },
        showCategory: false,
      };
    case "comingSoon":
      return { key: "coming-soon", title: t("floors.comingSoon"), seeAll: null, showCategory: true };
    default:
      return null;
  }
}

/** The rails and Top Picks among `floors` (the carousel is drawn above the chips). */
function Floors({ floors, scopeCode, locationName }: { floors: HomeFloor<CardTour>[]; scopeCode: string; locationName: string }) {
  const { t } = useTranslation("discover");
  return floors.map((floor) => {
    if (floor.kind === "topPicks") return <TopPicks key="top-picks" page={floor.page} scopeCode={scopeCode} locationName={locationName} />;
    const head = railHead(floor, t);
    return head ? <Rail key={head.key} head={head} cards={floor.tours.map((tour) => <TourCard key={tour.id} tour={tour} layout="row" showCategory={head.showCategory} />)} /> : null;
  });
}

/**
 * The floors below the first screen while they are on their way: each its own title over as many
 * placeholder cards as it will hold, and Top Picks' title over its first rows, so the page is
 * already as long as it will be.
 */
function FloorsPlaceholder({ floors }: { floors: HomeFloor<number>[] }) {
  const { t } = useTranslation("discover");
  return (
    <Placeholder label={t("floors.below")} className={styles.below}>
      {floors.map((floor) => {
        if (floor.kind === "topPicks") {
          return (
            <section key="top-picks" className={styles.topPicks}>
              <div className={styles.floorHead}>
                <h2 className={styles.floorTitleLarge}>{t("floors.topPicks")}</h2>
              </div>
              <ul className={tourCardStyles.grid}>
                {floor.page.list.map((id) => (
                  <li key={id}>
                    <TourCardSkeleton />
                  </li>
                ))}
              </ul>
            </section>
          );
        }
        const head = railHead(floor, t);
        return head ? <Rail key={head.key} head={head} cards={floor.tours.map((id) => <TourCardSkeleton key={id} layout="row" showCategory={head.showCategory} priced={floor.kind !== "comingSoon"} />)} /> : null;
      })}
    </Placeholder>
  );
}

function Rail({ head, cards }: { head: { title: string; seeAll: { to: string; label: string } | null }; cards: ReactNode[] }) {
  return (
    <section className={styles.floor}>
      <div className={styles.floorHead}>
        <h2 className={styles.floorTitle}>{head.title}</h2>
        {head.seeAll ? (
          <Link to={head.seeAll.to} className={styles.seeAll}>
            {head.seeAll.label}
          </Link>
        ) : null}
      </div>
      <ul className={styles.rail}>
        {cards.map((card, index) => (
          <li key={index} className={styles.railItem}>
            {card}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
