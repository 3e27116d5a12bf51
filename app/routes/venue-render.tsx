/**
 * venueRender (/venue-render-v2?sessionId=…[&quantity=], SPEC §2): a session's seating map on
 * its own, full width, for a buyer who wants to study the venue. Tapping a section zooms into
 * its seats here (`&zoom=1&section=`), tapping a group of seats chooses its listing
 * (`&listing=`, with Continue), and 'See tickets' opens the session's list at that section on
 * /pick-seat. Every step is a plain link, with or without JavaScript.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { SeatMap } from "~/components/seat-map";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { seatMapQuerySchema, sessionSeatMap } from "@market/listings/seat-map";
import styles from "~/styles/seat-picking.module.css";
import type { Route } from "./+types/venue-render";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["buy", "discover"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.pageTitle }] : [{ title: "Ovation" }]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const params = new URL(request.url).searchParams;
  const query = seatMapQuerySchema.safeParse({
    sessionId: params.get("sessionId") || undefined,
    quantity: params.get("quantity") || undefined,
    section: (params.get("zoom") === "1" && params.get("section")) || undefined,
  });
  if (!query.success) throw notFoundResponse();
  const listing = Number(params.get("listing"));
  const [map, t] = await Promise.all([
    sessionSeatMap(ctx, query.data).catch((error: unknown) => {
      if (isMissing(error)) throw notFoundResponse();
      throw error;
    }),
    i18nServer.getFixedT(ctx.viewer.language, "buy"),
  ]);
  return data({
    map,
    section: params.get("section"),
    listing: Number.isSafeInteger(listing) && listing > 0 ? listing : null,
    pageTitle: t("seatMap.metaTitle", { title: map.session.tour.title }),
  });
}

export default function VenueRenderPage() {
  const { map, section, listing } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("buy");
  const when = sessionTime(map.session.startsAt, map.session.timeZone, i18n.language === "zh-HK" ? "zh-HK" : "en-US");
  const quantity = map.quantity ? `&quantity=${map.quantity}` : "";
  const pickSeat = (code: string | null) =>
    `/pick-seat?sessionId=${map.session.sessionId}${quantity}${code ? `&section=${encodeURIComponent(code)}` : ""}#tickets`;
  const here = (choices: string) => `/venue-render-v2?sessionId=${map.session.sessionId}${quantity}${choices}#map`;
  const zoomedInto = (code: string) => `&zoom=1&section=${encodeURIComponent(code)}`;
  return (
    <div className={styles.page}>
      <PageHeader title={t("seatMap.title")} fallback={pickSeat(null)} />
      <main className={styles.main}>
        <header className={styles.intro}>
          <h2 className={styles.tourTitle}>{map.session.tour.title}</h2>
          <p className={styles.when}>
            <time dateTime={when.iso}>
              {when.date} · {when.time}
            </time>
          </p>
          <p className={styles.where}>{map.session.venue.name}</p>
        </header>
        <div id="map" className={styles.mapBlock}>
          <SeatMap
            map={map}
            selected={section}
            sectionHref={(code) => here(zoomedInto(code))}
            zoomOutHref={here(section ? `&section=${encodeURIComponent(section)}` : "")}
            listingHref={(listingId) => here(`${zoomedInto(map.zoomed?.code ?? "")}&listing=${listingId}`)}
            selectedListing={listing}
          />
        </div>
        <Link to={pickSeat(section)} className={styles.primary}>
          {t("seatMap.backToList")}
        </Link>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
