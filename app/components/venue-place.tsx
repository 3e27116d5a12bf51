/**
 * Where an order's show takes place, as the venue map (/map) and the chat's Location page show
 * it: the venue's name and address, its seating plan with the order's section pinned (drawn from
 * our own data, no map tiles), and links that open it in Google Maps or Apple Maps.
 */
import { useTranslation } from "react-i18next";
import type { OrderVenue } from "@market/orders";
import styles from "~/components/venue-place.module.css";
import { TitledSection } from "./titled-section";

/** Links that open the venue in the buyer's maps app: by name and address, pinned at its coordinates. */
export function mapLinks(venue: OrderVenue["venue"]) {
  const query = `${venue.name}, ${venue.address}`;
  const at = `${venue.latitude},${venue.longitude}`;
  return {
    google: `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: `${query}` })}`,
    apple: `https://maps.apple.com/?${new URLSearchParams({ q: venue.name, address: venue.address, ll: at })}`,
  };
}

/** 22.3000° N, 114.1700° E */
export function coordinates(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;
  return `${part(latitude, "N", "S")}, ${part(longitude, "E", "W")}`;
}

export interface VenuePlaceView extends OrderVenue {
  when: { iso: string; text: string };
  coordinates: string;
  links: ReturnType<typeof mapLinks>;
}

export function VenuePlace({ place }: { place: VenuePlaceView }) {
  const { t } = useTranslation("orders");
  const mine = place.map.sections.find((section) => section.mine);
  return (
    <>
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

      <TitledSection id="open-in" title={t("map.openIn")} className={styles.card} titleClassName={styles.cardTitle}>
        <div className={styles.apps}>
          <a href={place.links.google} className={styles.app} target="_blank" rel="noopener noreferrer" data-testid="google-maps">
            {t("map.googleMaps")}
          </a>
          <a href={place.links.apple} className={styles.app} target="_blank" rel="noopener noreferrer" data-testid="apple-maps">
            {t("map.appleMaps")}
          </a>
        </div>
      </TitledSection>

    </>
  );
}
