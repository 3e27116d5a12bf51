/**
 * A venue's seating map: one outline per section (a 78-section stadium stays 78 paths, no seat
 * nodes), coloured by the lowest all-in price band, grey when sold out, hatched when the view is
 * obstructed, with the stage drawn from the venue's plan. Every section is a real link (the
 * caller's `sectionHref`), so tapping one filters the listings without JavaScript; with
 * JavaScript the map also zooms (the drawing is widened inside a frame the buyer pans by
 * scrolling; nothing is re-rendered per seat). Its accessible
 * twin is the list of sections with their prices below it.
 */
import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SeatMap as SeatMapData } from "@market/listings/seat-map";
import type { OfferedListing } from "@market/listings/session-offer";
import { useFormatMoney } from "~/components/price";
import styles from "./seat-map.module.css";

interface SeatMapProps {
  map: SeatMapData;
  /** The section whose listings are shown, if any. */
  selected?: string | null;
  /** Where tapping a section leads (null: every section). */
  sectionHref: (code: string | null) => string;
  /** Show the list of sections under the map. */
  withList?: boolean;
}

const ZOOM_STEPS = [1, 1.5, 2, 3];

export function SeatMap({
  map,
  selected = null,
  sectionHref,
  withList = true,
}: SeatMapProps) {
  const { t } = useTranslation("buy");
  const format = useFormatMoney();
  const hatchId = `hatch-${useId().replace(/:/g, "")}`;
  const [zoom, setZoom] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  const selectedSection =
    map.sections.find((section) => section.code === selected) ?? null;
  // Zoom centres on the chosen section when there is one, else on the middle of the map.
  const originX = selectedSection
    ? (selectedSection.labelX / map.width) * 100
    : 50;
  const originY = selectedSection
    ? (selectedSection.labelY / map.height) * 100
    : 50;
  useEffect(() => {
    // Keep the chosen section (or the middle) in view as the drawing grows or shrinks.
    const element = frame.current;
    if (!element) return;
    element.scrollLeft =
      (element.scrollWidth * originX) / 100 - element.clientWidth / 2;
    element.scrollTop =
      (element.scrollHeight * originY) / 100 - element.clientHeight / 2;
  }, [zoom, originX, originY]);
  const labelOf = (section: SeatMapData["sections"][number]) =>
    section.lowestPrice
      ? t("seatMap.sectionFrom", {
          section: section.name,
          price: format(section.lowestPrice),
        })
      : t("seatMap.sectionSoldOut", { section: section.name });

  return (
    <div className={styles.root}>
      <div className={styles.frameWrap}>
        <div
          className={styles.frame}
          ref={frame}
          data-zoomed={zoom > 0 || undefined}
        >
          <div
            className={styles.canvas}
            style={
              zoom > 0 ? { width: `${ZOOM_STEPS[zoom]! * 100}%` } : undefined
            }
          >
            <svg
              viewBox={`0 0 ${map.width} ${map.height}`}
              className={styles.svg}
              role="group"
              aria-label={t("seatMap.title")}
            >
              <defs>
                <pattern
                  id={hatchId}
                  width="8"
                  height="8"
                  patternUnits="userSpaceOnUse"
                  patternTransform="rotate(45)"
                >
                  <rect width="8" height="8" className={styles.hatchBack} />
                  <line
                    x1="0"
                    y1="0"
                    x2="0"
                    y2="8"
                    className={styles.hatchLine}
                  />
                </pattern>
              </defs>
              <path d={map.stage.path} className={styles.stage} />
              <text
                x={map.stage.labelX}
                y={map.stage.labelY}
                className={styles.stageLabel}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {t("seatMap.stage")}
              </text>
              {map.sections.map((section) => (
                <Link
                  key={section.code}
                  to={sectionHref(
                    section.code === selected ? null : section.code
                  )}
                  preventScrollReset
                  aria-label={labelOf(section)}
                  className={styles.sectionLink}
                  data-band={section.band ?? "none"}
                  data-selected={section.code === selected || undefined}
                  data-dimmed={
                    (selected !== null && section.code !== selected) ||
                    undefined
                  }
                >
                  <path d={section.path} className={styles.section} />
                  {section.obstructed ? (
                    <path
                      d={section.path}
                      fill={`url(#${hatchId})`}
                      className={styles.obstructed}
                    />
                  ) : null}
                  <text
                    x={section.labelX}
                    y={section.labelY}
                    className={styles.label}
                    textAnchor="middle"
                    dominantBaseline="middle"
                  >
                    {section.code}
                  </text>
                </Link>
              ))}
            </svg>
          </div>
        </div>
        {hydrated ? (
          <div className={styles.zoom}>
            <button
              type="button"
              onClick={() =>
                setZoom((step) => Math.min(step + 1, ZOOM_STEPS.length - 1))
              }
              aria-label={t("seatMap.zoomIn")}
              disabled={zoom === ZOOM_STEPS.length - 1}
            >
              +
            </button>
            <button
              type="button"
              onClick={() => setZoom((step) => Math.max(step - 1, 0))}
              aria-label={t("seatMap.zoomOut")}
              disabled={zoom === 0}
            >
              −
            </button>
          </div>
        ) : null}
      </div>

      <ul className={styles.legend} aria-label={t("seatMap.legend")}>
        {map.bands.map((band, index) => (
          <li key={index}>
            <span
              className={styles.swatch}
              data-band={index}
              aria-hidden="true"
            />
            {band.from.amount === band.to.amount
              ? format(band.from)
              : t("seatMap.band", {
                  from: format(band.from),
                  to: format(band.to),
                })}
          </li>
        ))}
        <li>
          <span className={styles.swatch} data-band="none" aria-hidden="true" />
          {t("seatMap.soldOut")}
        </li>
        {map.sections.some((section) => section.obstructed) ? (
          <li>
            <span
              className={`${styles.swatch} ${styles.swatchHatch}`}
              aria-hidden="true"
            />
            {t("seatMap.obstructed")}
          </li>
        ) : null}
      </ul>

      {withList ? (
        <details className={styles.listToggle}>
          <summary>{t("seatMap.sections")}</summary>
          <ul className={styles.list}>
            {map.sections.map((section) => (
              <li key={section.code}>
                {section.lowestPrice ? (
                  <Link
                    to={sectionHref(section.code)}
                    preventScrollReset
                    aria-current={
                      section.code === selected ? "true" : undefined
                    }
                  >
                    <span
                      className={styles.swatch}
                      data-band={section.band ?? "none"}
                      aria-hidden="true"
                    />
                    <span className={styles.listName}>
                      {section.name}
                      {section.obstructed ? (
                        <small>{t("seatMap.obstructed")}</small>
                      ) : null}
                    </span>
                    <span className={styles.listPrice}>
                      {format(section.lowestPrice)}
                    </span>
                  </Link>
                ) : (
                  <span className={styles.listSoldOut}>
                    <span
                      className={styles.swatch}
                      data-band="none"
                      aria-hidden="true"
                    />
                    <span className={styles.listName}>{section.name}</span>
                    <span className={styles.listPrice}>
                      {t("seatMap.soldOut")}
                    </span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** Where a listing's tickets are, in the buyer's words. */
export function useSeatsText() {
  const { t } = useTranslation("buy");
  return (
    listing: Pick<
      OfferedListing,
      "section" | "rowLabel" | "seats" | "seatsTogether"
    >
  ) => {
    if (listing.section.generalAdmission) return t("listing.generalAdmission");
    const parts = [
      listing.rowLabel ? t("listing.row", { row: listing.rowLabel }) : null,
    ];
    if (listing.seats)
      parts.push(
        listing.seats.from === listing.seats.to
          ? t("listing.seat", { from: listing.seats.from })
          : t("listing.seats", listing.seats)
      );
    else if (!listing.seatsTogether) parts.push(t("listing.notTogether"));
    return parts.filter(Boolean).join(" · ");
  };
}
