/**
 * map (/map?id=, SPEC §2 'order venue map'; login): where the order's show takes place. The
 * venue's name and address, a static map drawn from our own data (the venue's seating plan with
 * the order's section marked, and the venue's coordinates: no map tiles, no network), and links
 * that open the address in Google Maps or Apple Maps. Another account's order shows nothing of it.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { OtherAccountScreen } from "~/components/state-screen";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { requireUser } from "~/server/auth.server";
import { openOrderWith, orderIdParam } from "~/server/order-screens.server";
import { orderVenue, type OrderVenue } from "@market/orders";
import styles from "./map.module.css";
import type { Route } from "./+types/map";

export const handle = { i18n: ["orders", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** Links that open the venue in the buyer's maps app: by name and address, pinned at its coordinates. */
function mapLinks(venue: OrderVenue["venue"]) {
  const query = `${venue.name}, ${venue.address}`;
  const at = `${venue.latitude},${venue.longitude}`;
  return {
    google: `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: `${query}` })}`,
    apple: `https://maps.apple.com/?${new URLSearchParams({ q: venue.name, address: venue.address, ll: at })}`,
  };
}

/** 22.3000° N, 114.1700° E */
function coordinates(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;
  return `${part(latitude, "N", "S")}, ${part(longitude, "E", "W")}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdParam(request);
  const [opened, t] = await Promise.all([openOrderWith(context, orderId, () => orderVenue(ctx, orderId)), i18nServer.getFixedT(ctx.viewer.language, "orders")]);
  const headers = { "cache-control": "no-store" };
  if ("another" in opened) return data({ pageTitle: t("map.metaTitle"), orderId, place: null }, { status: 403, headers });
  const place = opened.mine;
  const when = sessionTime(place.order.startsAt, place.order.timeZone, ctx.viewer.language);
  return data(
    {
      pageTitle: t("map.metaTitle"),
      orderId,
      place: {
        ...place,
        when: { iso: when.iso, text: `${when.date} · ${when.time}` },
        coordinates: coordinates(place.venue.latitude, place.venue.longitude),
        links: mapLinks(place.venue),
      },
    },
    { headers },
  );
}

export default function VenueMapPage() {
  const { orderId, place } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const back = `/order-detail?id=${orderId}`;
  if (!place) return <OtherAccountScreen />;
  const mine = place.map.sections.find((section) => section.mine);
  return (
    <div className={styles.page}>
      <PageHeader title={t("map.title")} fallback={back} />
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="venue-name">
          <h2 id="venue-name" className={styles.venue} data-testid="venue-name">
            {place.venue.name}
          </h2>
          <address className={styles.address} data-testid="venue-address">
            {place.venue.address}
          </address>
          <p className={styles.muted}>
            {place.order.title} · <time dateTime={place.when.iso}>{place.when.text}</time>
          </p>
        </section>

        <figure className={styles.mapCard}>
          <svg className={styles.map} viewBox={`0 0 ${place.map.width} ${place.map.height}`} role="img" aria-label={t("map.label", { venue: place.venue.name })} data-testid="venue-map">
            <path className={styles.stage} d={place.map.stage.path} />
            <text className={styles.stageLabel} x={place.map.stage.labelX} y={place.map.stage.labelY} textAnchor="middle" dominantBaseline="central">
              {t("map.stage")}
            </text>
            {place.map.sections.map((section) => (
              <path key={section.code} className={styles.section} data-mine={section.mine || undefined} d={section.path} />
            ))}
            {mine ? (
              // A pin over the order's section, drawn last so it sits above every outline.
              <g className={styles.pin} transform={`translate(${mine.labelX} ${mine.labelY}) scale(${place.map.width / 800})`}>
                <path d="M0 0c-9-14-22-22-22-36a22 22 0 0 1 44 0c0 14-13 22-22 36Z" />
                <circle cy="-36" r="8" />
              </g>
            ) : null}
          </svg>
          <figcaption className={styles.caption}>
            {mine ? (
              <span className={styles.yours} data-testid="your-section">
                <span className={styles.swatch} aria-hidden="true" />
                {t("map.yourSection", { section: place.order.section })}
              </span>
            ) : null}
            <span className={styles.muted}>{t("map.coordinates", { at: place.coordinates })}</span>
          </figcaption>
        </figure>

        <section className={styles.card} aria-labelledby="open-in">
          <h2 id="open-in" className={styles.cardTitle}>
            {t("map.openIn")}
          </h2>
          <div className={styles.apps}>
            <a href={place.links.google} className={styles.app} target="_blank" rel="noopener noreferrer" data-testid="google-maps">
              {t("map.googleMaps")}
            </a>
            <a href={place.links.apple} className={styles.app} target="_blank" rel="noopener noreferrer" data-testid="apple-maps">
              {t("map.appleMaps")}
            </a>
          </div>
        </section>

        <Link to={back} className={styles.back}>
          {t("map.back")}
        </Link>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
