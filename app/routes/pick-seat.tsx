/**
 * pickSeat (/pick-seat?sessionId=…, SPEC §2): choose a date of the show, how many tickets, then
 * a listing, on the seating map or in the list. Everything the buyer chooses lives in the
 * address (quantity, sort, section, price range, delivery, zone, seats together, and on the map
 * `zoom=1` for the section's seats and `listing=` for the group of seats tapped), so every
 * choice is a plain link or a GET form and the page works without JavaScript. A session that is
 * not on sale shows SPEC's 'This session cannot be ordered temporarily!' instead of tickets.
 */
import { data, Form, Link, useLoaderData, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { ListingsPages } from "~/components/pick-seat-listings";
import { Price } from "~/components/price";
import { SeatMap, useSeatsText } from "~/components/seat-map";
import { Sheet, SheetTrigger, useSheet } from "~/components/sheet";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import type { Language } from "@market/context/viewer";
import { MarketError } from "@market/errors";
import { sessionSeatMap } from "@market/listings/seat-map";
import {
  LISTING_SORTS,
  listingsQueryInput,
  sessionListings,
  sessionListingsQuerySchema,
  type SessionListingsQuery,
} from "@market/listings/session-listings";
import { sessionsOfShow, sessionSummary, type OfferedListing } from "@market/listings/session-offer";
import { DealBadge } from "~/components/deal-badge";
import { PriceChart } from "~/components/price-chart";
import { guardPickSeat } from "~/server/demand.server";
import { priceHistory } from "@market/demand/price-history";
import styles from "./pick-seat.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import { sessionEvents } from "@market/catalog/event-structured-data";
import type { Route } from "./+types/pick-seat";
import { notFoundPage } from "~/server/refusal.server";

export const handle = { i18n: ["buy", "discover", "tour", "demand"] };

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(rootSeo(matches), data ? { title: data.pageTitle, description: data.pageDescription, image: data.shareImage, structuredData: data.events } : {});

/**
 * The buyer's choices from the address. A missing or malformed session is not found; a malformed
 * filter is dropped (an old or hand-edited link still shows the session).
 */
function queryOf(request: Request): SessionListingsQuery {
  const input = listingsQueryInput(new URL(request.url).searchParams);
  for (let attempt = 0; attempt < 10; attempt++) {
    const parsed = sessionListingsQuerySchema.safeParse(input);
    if (parsed.success) return parsed.data;
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    if (fields.has("sessionId") || fields.has("")) break;
    for (const field of fields) delete input[field];
  }
  throw new Response("Not found", { status: 404 });
}

/** The map's own choices: zoomed into the chosen section, and the listing tapped there. */
function mapChoicesOf(request: Request): { zoom: boolean; listing: number | null } {
  const params = new URL(request.url).searchParams;
  const listing = Number(params.get("listing"));
  return { zoom: params.get("zoom") === "1", listing: Number.isSafeInteger(listing) && listing > 0 ? listing : null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const query = queryOf(request);
  const choices = mapChoicesOf(request);
  const [session, t] = await Promise.all([
    sessionSummary(ctx, query.sessionId).catch(notFoundPage),
    i18nServer.getFixedT(ctx.viewer.language, "buy"),
  ]);
  const pageTitle = t("pickSeat.metaTitle", { title: session.tour.title });
  const pageDescription = t("pickSeat.metaDescription", { title: session.tour.title });
  await guardPickSeat(request, context, session.sessionId);
  const [otherSessions, history, events] = await Promise.all([
    sessionsOfShow(ctx, session.showId),
    priceHistory(ctx, [session.sessionId]),
    sessionEvents(ctx, session.tour.id, session.sessionId, new URL(request.url).origin),
  ]);
  // What search engines and link previews read (app/seo/page-meta.ts).
  const seo = { pageTitle, pageDescription, events, shareImage: (events[0]?.image as string[] | undefined)?.[0] ?? null };
  if (!session.orderable) {
    return data({ state: "unavailable" as const, session, otherSessions, history, query, choices, ...seo, offer: null, map: null });
  }
  const offer = await sessionListings(ctx, query).catch((error: unknown) => {
    // Sales may close between the two reads; the page then says so rather than failing.
    if (error instanceof MarketError && error.code === 610001) return null;
    throw error;
  });
  if (!offer) return data({ state: "unavailable" as const, session, otherSessions, history, query, choices, ...seo, offer: null, map: null });
  // Seats are read for the zoomed section only; the rest of the venue stays outlines.
  const map = await sessionSeatMap(ctx, {
    sessionId: session.sessionId,
    quantity: offer.quantity ?? undefined,
    section: choices.zoom ? query.section : undefined,
  });
  return data({ state: "open" as const, session, otherSessions, history, query, choices, ...seo, offer, map });
}

/** The page's address with some choices changed (undefined or null removes one; a changed one moves to the end, in the order given). */
function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null | undefined>, pathname = location.pathname) => {
    const params = new URLSearchParams(location.search);
    params.delete("sheet");
    // Any other choice starts the list again from its first page.
    params.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      params.delete(key);
      if (value !== null && value !== undefined && value !== "") params.append(key, String(value));
    }
    return `${pathname}?${params.toString()}`;
  };
}

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === "zh-HK" ? "zh-HK" : "en-US";
}

export default function PickSeatPage() {
  const loaded = useLoaderData<typeof loader>();
  const { session, otherSessions, query, choices } = loaded;
  const { t } = useTranslation("buy");
  const language = useLanguage();
  const hrefWith = useHrefWith();
  const when = sessionTime(session.startsAt, session.timeZone, language);

  return (
    <div className={styles.page}>
      <PageHeader title={t("pickSeat.title")} fallback={`/tourDetail?id=${session.tour.id}`} />
      <main className={styles.main}>
        <header className={styles.intro}>
          <h2 className={styles.tourTitle}>{session.tour.title}</h2>
          <p className={styles.when}>
            <time dateTime={when.iso}>
              {when.date} · {when.time}
            </time>
          </p>
          <p className={styles.where}>
            {session.venue.name} · {session.city.name}
          </p>
        </header>

        {otherSessions.length > 1 ? (
          <nav className={styles.block} aria-label={t("pickSeat.dates")}>
            <h3 className={styles.blockTitle}>{t("pickSeat.dates")}</h3>
            <ul className={styles.chips}>
              {otherSessions.map((other) => {
                const at = sessionTime(other.startsAt, session.timeZone, language);
                return (
                  <li key={other.sessionId}>
                    <Link
                      to={`/pick-seat?sessionId=${other.sessionId}${query.quantity ? `&quantity=${query.quantity}` : ""}`}
                      className={styles.chip}
                      aria-current={other.sessionId === session.sessionId ? "page" : undefined}
                      data-muted={other.status !== "ONSALE" || undefined}
                    >
                      <strong>{at.dayLabel}</strong>
                      <span>{at.time}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}

        <section className={styles.block} aria-label={t("pickSeat.priceHistory")}>
          <PriceChart history={loaded.history} timeZone={session.timeZone} />
        </section>

        {loaded.state === "unavailable" ? (
          <section className={styles.state} role="status">
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stateIcon}>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7.5v5M12 16h.01" />
            </svg>
            <h3>{t("pickSeat.unavailable.title")}</h3>
            <p>{t("pickSeat.unavailable.body")}</p>
            <Link to={`/tourDetail?id=${session.tour.id}`} className={styles.primary}>
              {t("pickSeat.unavailable.back")}
            </Link>
          </section>
        ) : (
          <OpenSession offer={loaded.offer} map={loaded.map} query={query} choices={choices} hrefWith={hrefWith} />
        )}
      </main>
    </div>
  );
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "open" }>;

function OpenSession({
  offer,
  map,
  query,
  choices,
  hrefWith,
}: {
  offer: Loaded["offer"];
  map: Loaded["map"];
  query: Loaded["query"];
  choices: Loaded["choices"];
  hrefWith: ReturnType<typeof useHrefWith>;
}) {
  const { t } = useTranslation("buy");
  const filters = useSheet("filter");
  const activeFilters = [query.minPrice, query.maxPrice, query.delivery, query.zone, query.together].filter((value) => value !== undefined).length;
  const selectedSection = map.sections.find((section) => section.code === query.section) ?? null;

  if (offer.quantities.length === 0) {
    return (
      <section className={styles.state} role="status">
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stateIcon}>
          <path d="M4 8h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4Z" />
          <path d="M9 8v10" />
        </svg>
        <h3>{t("pickSeat.soldOut.title")}</h3>
        <p>{t("pickSeat.soldOut.body")}</p>
        <Link to={`/tourDetail?id=${offer.session.tour.id}`} className={styles.primary}>
          {t("pickSeat.unavailable.back")}
        </Link>
      </section>
    );
  }

  return (
    <>
      <nav className={styles.block} aria-label={t("pickSeat.quantity")}>
        <h3 className={styles.blockTitle}>{t("pickSeat.quantity")}</h3>
        <ul className={styles.chips}>
          {offer.quantities.map((quantity) => (
            <li key={quantity}>
              <Link
                to={hrefWith({ quantity })}
                preventScrollReset
                replace
                className={`${styles.chip} ${styles.quantity}`}
                aria-current={quantity === offer.quantity ? "true" : undefined}
                aria-label={t("pickSeat.quantityOption", { count: quantity })}
              >
                {quantity}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className={`${styles.block} ${styles.mapBlock}`} id="map" aria-labelledby="map-title">
        <div className={styles.blockHead}>
          <h3 id="map-title" className={styles.blockTitle}>
            {t("pickSeat.map")}
          </h3>
          <Link to={hrefWith({}, "/venue-render-v2")} className={styles.textLink}>
            {t("pickSeat.fullMap")}
          </Link>
        </div>
        <SeatMap
          map={map}
          selected={query.section ?? null}
          sectionHref={(code) => hrefWith({ listing: null, zoom: 1, section: code }) + "#map"}
          zoomOutHref={hrefWith({ zoom: null, listing: null }) + "#map"}
          listingHref={(listingId) => hrefWith({ listing: listingId }) + "#map"}
          selectedListing={choices.listing}
        />
      </section>

      <section className={styles.block} id="tickets" aria-labelledby="tickets-title">
        <div className={styles.blockHead}>
          <h3 id="tickets-title" className={styles.blockTitle}>
            {t("pickSeat.listTitle")}
            <span className={styles.count}>{t("pickSeat.count", { count: offer.total })}</span>
          </h3>
          <SheetTrigger sheet={filters} className={styles.filterButton} data-active={activeFilters > 0 || undefined}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
              <path d="M4 6h16M7 12h10M10 18h4" />
            </svg>
            {activeFilters > 0 ? t("pickSeat.filterCount", { count: activeFilters }) : t("pickSeat.filter")}
          </SheetTrigger>
        </div>

        <ul className={styles.sorts} aria-label={t("pickSeat.sortLabel")}>
          {LISTING_SORTS.map((sort) => (
            <li key={sort}>
              <Link to={hrefWith({ sort: sort === "price_asc" ? null : sort })} preventScrollReset replace className={styles.sort} aria-current={sort === offer.sort ? "true" : undefined}>
                {t(`pickSeat.sort.${sort}`)}
              </Link>
            </li>
          ))}
        </ul>

        {selectedSection ? (
          <p className={styles.activeSection}>
            <span>{t("pickSeat.sectionFilter", { section: selectedSection.name })}</span>
            <Link to={hrefWith({ section: null, zoom: null, listing: null })} preventScrollReset replace>
              {t("pickSeat.showAllSections")}
            </Link>
          </p>
        ) : null}

        <p className={styles.note}>{t("pickSeat.allInNote")}</p>

        {offer.listings.length > 0 ? (
          <ListingsPages
            offer={offer}
            pageHref={(page) => hrefWith({ page: page > 1 ? page : null })}
            className={styles.listings}
            previousClassName={styles.textLink}
            renderRow={(listing) => (
              <>
                <ListingRow listing={listing} quantity={offer.quantity!} chosen={listing.listingId === choices.listing} />
                <DealBadge deal={listing.deal} currency={offer.currency} />
              </>
            )}
          />
        ) : (
          <div className={styles.empty} role="status">
            <h4>{t("pickSeat.empty.title")}</h4>
            <p>{t("pickSeat.empty.body")}</p>
            <Link to={hrefWith({ section: null, zoom: null, listing: null, minPrice: null, maxPrice: null, delivery: null, zone: null, together: null })} replace className={styles.secondary}>
              {t("pickSeat.clear")}
            </Link>
          </div>
        )}
      </section>

      <Sheet sheet={filters} title={t("pickSeat.filterTitle")} description={t("pickSeat.filterDescription", { currency: offer.currency })}>
        <Form method="get" className={styles.filterForm} preventScrollReset>
          <input type="hidden" name="sessionId" value={offer.session.sessionId} />
          {offer.quantity ? <input type="hidden" name="quantity" value={offer.quantity} /> : null}
          {query.sort !== "price_asc" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.section ? <input type="hidden" name="section" value={query.section} /> : null}
          {query.section && choices.zoom ? <input type="hidden" name="zoom" value="1" /> : null}
          <div className={styles.priceRange}>
            <label>
              <span>{t("pickSeat.minPrice")}</span>
              <input type="number" name="minPrice" min={0} step={1} inputMode="numeric" defaultValue={query.minPrice ?? ""} />
            </label>
            <label>
              <span>{t("pickSeat.maxPrice")}</span>
              <input type="number" name="maxPrice" min={0} step={1} inputMode="numeric" defaultValue={query.maxPrice ?? ""} />
            </label>
          </div>
          <label className={styles.field}>
            <span>{t("pickSeat.delivery")}</span>
            <select name="delivery" defaultValue={query.delivery ?? ""}>
              <option value="">{t("pickSeat.any")}</option>
              {offer.deliveryMethods.map((method) => (
                <option key={method} value={method}>
                  {t(`delivery.${method}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>{t("pickSeat.zone")}</span>
            <select name="zone" defaultValue={query.zone ?? ""}>
              <option value="">{t("pickSeat.any")}</option>
              {offer.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`zone.${zone}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="together" value="1" defaultChecked={query.together === true} />
            <span>{t("pickSeat.together")}</span>
          </label>
          <div className={styles.filterActions}>
            <Link to={hrefWith({ minPrice: null, maxPrice: null, delivery: null, zone: null, together: null })} replace className={styles.secondary}>
              {t("pickSeat.clear")}
            </Link>
            <button type="submit" className={styles.primary}>
              {t("pickSeat.apply")}
            </button>
          </div>
        </Form>
      </Sheet>
    </>
  );
}

function ListingRow({ listing, quantity, chosen }: { listing: OfferedListing; quantity: number; chosen: boolean }) {
  const { t } = useTranslation("buy");
  const seatsText = useSeatsText();
  return (
    <Link to={`/confirm-ticket?listingId=${listing.listingId}&quantity=${quantity}`} className={styles.listing} data-chosen={chosen || undefined}>
      <span className={styles.listingWhere}>
        <strong>{t("listing.section", { section: listing.section.name })}</strong>
        <span>{seatsText(listing)}</span>
        <span className={styles.tags}>
          <span className={styles.tag}>{t(`delivery.${listing.deliveryMethod}`)}</span>
          {listing.section.obstructed ? (
            <span className={styles.tag} data-tone="warning">
              {t("listing.obstructed")}
            </span>
          ) : null}
        </span>
        <span className={styles.provider}>{t("listing.provider", { nickname: listing.provider.nickname })}</span>
      </span>
      <span className={styles.listingPrice}>
        <Price amount={listing.allIn} faceValue={listing.faceValue} comparedToFace={listing.comparedToFace} />
        <span className={styles.perTicket}>{t("listing.perTicket")}</span>
        <span className={styles.left}>{t("listing.left", { count: listing.ticketsLeft })}</span>
      </span>
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
