/**
 * A venue's seating map, drawn at two levels so the largest venue stays light on a phone.
 *
 * - The venue: one outline per section (a 78-section stadium stays 78 paths, no seat nodes),
 *   coloured by the lowest all-in price band, grey when sold out, hatched when the view is
 *   obstructed, with the stage drawn from the venue's plan. Every section is a real link (the
 *   caller's `sectionHref`) that zooms into it, with or without JavaScript; with JavaScript the
 *   drawing can also be magnified in place (+ and −).
 * - One section (`map.zoomed`): its rows and seat numbers, each listing's seats a link (the
 *   caller's `listingHref`) in its price band's colour, every other seat grey. A row is one SVG
 *   line whose dash pattern draws the seats as dots, so even 800 seats are a few dozen nodes.
 *   A chosen group shows its tickets with Continue; 'Whole venue' (`zoomOutHref`) goes back.
 *
 * The accessible twin is the list of sections with their prices below the drawing; the drawing
 * says so to a screen reader. Every section and seat group is a link in the tab order, its name
 * beginning with the text drawn on it (the section's code), so voice control finds it too.
 */
import { Link } from "react-router";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SeatGroup, SeatMap as SeatMapData, ZoomedSection } from "@market/listings/seat-map";
import type { OfferedListing } from "@market/listings/session-offer";
import { useHydrated } from "./hydrated";
import { useFormatMoney } from "~/components/price";
import styles from "./seat-map.module.css";

interface SeatMapProps {
  map: SeatMapData;
  /** The section whose listings are shown, if any. */
  selected?: string | null;
  /** Where tapping a section leads: into its seats. */
  sectionHref: (code: string) => string;
  /** Back from a zoomed section to the whole venue. */
  zoomOutHref?: string;
  /** Where tapping a group of seats leads: its listing chosen. */
  listingHref?: (listingId: number) => string;
  /** The listing chosen on the zoomed section, if any. */
  selectedListing?: number | null;
  /** Show the list of sections under the map. */
  withList?: boolean;
}

const ZOOM_STEPS = [1, 1.5, 2, 3];

export function SeatMap({ map, selected = null, sectionHref, zoomOutHref, listingHref, selectedListing = null, withList = true }: SeatMapProps) {
  const { t } = useTranslation("buy");
  const format = useFormatMoney();
  const zoomed = map.zoomed;
  return (
    <div className={styles.root}>
      {zoomed ? (
        <SectionSeats
          section={zoomed}
          quantity={map.quantity}
          zoomOutHref={zoomOutHref ?? sectionHref(zoomed.code)}
          listingHref={listingHref ?? (() => sectionHref(zoomed.code))}
          selectedListing={selectedListing}
        />
      ) : (
        <VenueDrawing map={map} selected={selected} sectionHref={sectionHref} />
      )}

      <ul className={styles.legend} aria-label={t("seatMap.legend")}>
        {map.bands.map((band, index) => (
          <li key={index}>
            <span className={styles.swatch} data-band={index} aria-hidden="true" />
            {band.from.amount === band.to.amount ? format(band.from) : t("seatMap.band", { from: format(band.from), to: format(band.to) })}
          </li>
        ))}
        <li>
          <span className={styles.swatch} data-band="none" aria-hidden="true" />
          {zoomed ? t("seatMap.unavailable") : t("seatMap.soldOut")}
        </li>
        {!zoomed && map.sections.some((section) => section.obstructed) ? (
          <li>
            <span className={`${styles.swatch} ${styles.swatchHatch}`} aria-hidden="true" />
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
                  <Link to={sectionHref(section.code)} preventScrollReset aria-current={section.code === selected ? "true" : undefined}>
                    <span className={styles.swatch} data-band={section.band ?? "none"} aria-hidden="true" />
                    <span className={styles.listName}>
                      {section.name}
                      {section.obstructed ? <small>{t("seatMap.obstructed")}</small> : null}
                    </span>
                    <span className={styles.listPrice}>{format(section.lowestPrice)}</span>
                  </Link>
                ) : (
                  <span className={styles.listSoldOut}>
                    <span className={styles.swatch} data-band="none" aria-hidden="true" />
                    <span className={styles.listName}>{section.name}</span>
                    <span className={styles.listPrice}>{t("seatMap.soldOut")}</span>
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

/** The whole venue, a section an outline; with JavaScript the drawing can be magnified. */
function VenueDrawing({ map, selected, sectionHref }: { map: SeatMapData; selected: string | null; sectionHref: (code: string) => string }) {
  const { t } = useTranslation("buy");
  const format = useFormatMoney();
  const hatchId = `hatch-${useId().replace(/:/g, "")}`;
  const [zoom, setZoom] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const selectedSection = map.sections.find((section) => section.code === selected) ?? null;
  // Magnifying centres on the chosen section when there is one, else on the middle of the map.
  const originX = selectedSection ? (selectedSection.labelX / map.width) * 100 : 50;
  const originY = selectedSection ? (selectedSection.labelY / map.height) * 100 : 50;
  useEffect(() => {
    // Keep the chosen section (or the middle) in view as the drawing grows or shrinks.
    const element = frame.current;
    if (!element) return;
    element.scrollLeft = (element.scrollWidth * originX) / 100 - element.clientWidth / 2;
    element.scrollTop = (element.scrollHeight * originY) / 100 - element.clientHeight / 2;
  }, [zoom, originX, originY]);
  const twinId = `twin-${useId().replace(/:/g, "")}`;
  // The name starts with the code drawn on the section (WCAG 2.5.3 label in name).
  const labelOf = (section: SeatMapData["sections"][number]) => {
    const named = section.name.includes(section.code) ? section.name : `${section.code} ${section.name}`;
    return section.lowestPrice ? t("seatMap.sectionFrom", { section: named, price: format(section.lowestPrice) }) : t("seatMap.sectionSoldOut", { section: named });
  };

  return (
    <div className={styles.frameWrap}>
      <div className={styles.frame} ref={frame} data-zoomed={zoom > 0 || undefined}>
        <div className={styles.canvas} style={zoom > 0 ? { width: `${ZOOM_STEPS[zoom]! * 100}%` } : undefined}>
          <svg viewBox={`0 0 ${map.width} ${map.height}`} className={styles.svg} role="group" aria-label={t("seatMap.title")} aria-describedby={twinId}>
            <defs>
              <pattern id={hatchId} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="8" height="8" className={styles.hatchBack} />
                <line x1="0" y1="0" x2="0" y2="8" className={styles.hatchLine} />
              </pattern>
            </defs>
            <path d={map.stage.path} className={styles.stage} />
            <text x={map.stage.labelX} y={map.stage.labelY} className={styles.stageLabel} textAnchor="middle" dominantBaseline="middle">
              {t("seatMap.stage")}
            </text>
            {map.sections.map((section) => (
              <Link
                key={section.code}
                to={sectionHref(section.code)}
                preventScrollReset
                aria-label={labelOf(section)}
                className={styles.sectionLink}
                data-band={section.band ?? "none"}
                data-selected={section.code === selected || undefined}
                data-dimmed={(selected !== null && section.code !== selected) || undefined}
              >
                <path d={section.path} className={styles.section} />
                {section.obstructed ? <path d={section.path} fill={`url(#${hatchId})`} className={styles.obstructed} /> : null}
                <text x={section.labelX} y={section.labelY} className={styles.label} textAnchor="middle" dominantBaseline="middle">
                  {section.code}
                </text>
              </Link>
            ))}
          </svg>
        </div>
      </div>
      <p id={twinId} className="visually-hidden">
        {t("seatMap.twin")}
      </p>
      <ZoomButtons zoom={zoom} setZoom={setZoom} />
    </div>
  );
}

/**
 * Magnifying needs JavaScript, so the buttons appear once the page is hydrated. They hold that
 * state themselves: held by the drawing, it drew every section a second time right after
 * hydration, in one task the buyer's first tap waited behind.
 */
function ZoomButtons({ zoom, setZoom }: { zoom: number; setZoom: (change: (step: number) => number) => void }) {
  const { t } = useTranslation("buy");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <div className={styles.zoom}>
      <button type="button" onClick={() => setZoom((step) => Math.min(step + 1, ZOOM_STEPS.length - 1))} aria-label={t("seatMap.zoomIn")} disabled={zoom === ZOOM_STEPS.length - 1}>
        +
      </button>
      <button type="button" onClick={() => setZoom((step) => Math.max(step - 1, 0))} aria-label={t("seatMap.zoomOut")} disabled={zoom === 0}>
        −
      </button>
    </div>
  );
}

/** The seat plan's measures, in SVG units. */
const PITCH = 20;
/** CSS pixels per unit at the least: a seat every 12px. A narrower section is widened to fit the
 * frame; a wider one scrolls sideways inside it (and the page can still be pinched). */
const LEAST_SCALE = 0.6;
const GUTTER = 30;
const HEAD = 58;
const seatX = (seat: number) => GUTTER + (seat - 0.5) * PITCH;
const rowY = (rowIndex: number) => HEAD + (rowIndex + 0.5) * PITCH;
/** Seat numbers written above the plan: the first, every fifth and the last. */
const numbered = (seats: number) => Array.from({ length: seats }, (_, index) => index + 1).filter((seat) => seat === 1 || seat % 5 === 0 || seat === seats);

/** One zoomed section: its rows of seats, each listing's seats a link, and the chosen one's tickets. */
function SectionSeats({
  section,
  quantity,
  zoomOutHref,
  listingHref,
  selectedListing,
}: {
  section: ZoomedSection;
  quantity: number | null;
  zoomOutHref: string;
  listingHref: (listingId: number) => string;
  selectedListing: number | null;
}) {
  const { t } = useTranslation("buy");
  const format = useFormatMoney();
  const describe = useGroupText();
  const drawn = section.groups.filter((group) => group.seats !== null);
  const listed = section.groups.filter((group) => group.seats === null);
  const chosen = section.groups.find((group) => group.listingId === selectedListing) ?? null;
  const width = 2 * GUTTER + section.seatsPerRow * PITCH;
  const height = HEAD + section.rows.length * PITCH + 8;
  const labelOf = (group: SeatGroup) =>
    t("listing.label", { section: describe(group), price: format(group.price), left: t("listing.left", { count: group.ticketsLeft }) });
  const frame = useRef<HTMLDivElement>(null);
  const focus = chosen?.seats ? chosen.listingId : drawn[0]?.listingId;
  useEffect(() => {
    // Bring the chosen seats (else the first on sale) into a plan wider than the phone.
    const element = frame.current;
    const target = element?.querySelector(`[data-listing="${focus}"]`);
    if (!element || !target) return;
    const box = target.getBoundingClientRect();
    const view = element.getBoundingClientRect();
    if (box.left >= view.left && box.right <= view.right) return;
    element.scrollLeft += box.left + box.width / 2 - (view.left + view.width / 2);
  }, [section.code, focus]);

  return (
    <div className={styles.frameWrap}>
      <div className={styles.zoomHead}>
        <Link to={zoomOutHref} preventScrollReset className={styles.zoomOut}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.zoomOutIcon}>
            <path d="M15 18l-6-6 6-6" />
          </svg>
          {t("seatMap.wholeVenue")}
        </Link>
        <span className={styles.zoomTitle}>
          <strong>{section.name}</strong>
          <span>{section.groups.length > 0 ? t("seatMap.onSale", { count: section.groups.length }) : t("seatMap.noneOnSale")}</span>
        </span>
      </div>
      {section.rows.length > 0 ? (
        <div className={styles.frame} data-zoomed ref={frame}>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className={styles.seatPlan}
            style={{ width: `max(100%, ${Math.round(width * LEAST_SCALE)}px)` }}
            role="group"
            aria-label={t("seatMap.seatsOf", { section: section.name })}
          >
            <rect x={width / 2 - 80} y={6} width={160} height={22} rx={6} className={styles.stage} />
            <text x={width / 2} y={17} className={styles.planStage} textAnchor="middle" dominantBaseline="middle">
              {t("seatMap.stage")}
            </text>
            {numbered(section.seatsPerRow).map((seat) => (
              <text key={seat} x={seatX(seat)} y={HEAD - 8} className={styles.planNumber} textAnchor="middle">
                {seat}
              </text>
            ))}
            {section.rows.map((row, index) => (
              <g key={row} aria-hidden="true">
                <text x={GUTTER / 2} y={rowY(index)} className={styles.planNumber} textAnchor="middle" dominantBaseline="middle">
                  {row}
                </text>
                <text x={width - GUTTER / 2} y={rowY(index)} className={styles.planNumber} textAnchor="middle" dominantBaseline="middle">
                  {row}
                </text>
                <line x1={seatX(1)} x2={seatX(section.seatsPerRow) + 0.01} y1={rowY(index)} y2={rowY(index)} className={styles.seats} />
              </g>
            ))}
            {drawn.map((group) => {
              const seats = group.seats!;
              const y = rowY(seats.rowIndex);
              return (
                <Link
                  key={group.listingId}
                  to={listingHref(group.listingId)}
                  preventScrollReset
                  aria-label={labelOf(group)}
                  aria-current={group.listingId === selectedListing ? "true" : undefined}
                  className={styles.seatGroup}
                  data-band={group.band}
                  data-apart={!group.together || undefined}
                  data-listing={group.listingId}
                >
                  <rect x={seatX(seats.from) - PITCH / 2} y={y - PITCH / 2} width={(seats.to - seats.from + 1) * PITCH} height={PITCH} rx={PITCH / 2} className={styles.groupHit} />
                  <line x1={seatX(seats.from)} x2={seatX(seats.to) + 0.01} y1={y} y2={y} className={styles.seats} />
                </Link>
              );
            })}
          </svg>
        </div>
      ) : (
        <p className={styles.standing}>{t("seatMap.standing")}</p>
      )}
      {listed.length > 0 ? (
        <ul className={styles.groupChips} aria-label={section.rows.length > 0 ? t("seatMap.offPlan") : t("seatMap.standingTickets")}>
          {listed.map((group) => (
            <li key={group.listingId}>
              <Link
                to={listingHref(group.listingId)}
                preventScrollReset
                className={styles.groupChip}
                aria-current={group.listingId === selectedListing ? "true" : undefined}
                data-band={group.band}
                data-listing={group.listingId}
              >
                <span className={styles.swatch} data-band={group.band} aria-hidden="true" />
                <span className="visually-hidden">{describe(group)}, </span>
                {format(group.price)}
                <small>{t("listing.left", { count: group.ticketsLeft })}</small>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {chosen && quantity !== null ? (
        <div className={styles.choice} role="status" data-testid="seat-choice">
          <span className={styles.choiceWhat}>
            <strong>{describe(chosen)}</strong>
            <span>
              {t("seatMap.choicePrice", { price: format(chosen.price) })} · {t("listing.left", { count: chosen.ticketsLeft })}
            </span>
          </span>
          <Link to={`/confirm-ticket?listingId=${chosen.listingId}&quantity=${quantity}`} className={styles.choiceGo}>
            {t("seatMap.continue")}
          </Link>
        </div>
      ) : section.groups.some((group) => group.seats !== null) ? (
        // Only seats drawn on the plan can be tapped: a standing zone has none.
        <p className={styles.hint}>{t("seatMap.tapSeats")}</p>
      ) : null}
    </div>
  );
}

/** A group of seats in the buyer's words: row and seats, or standing. */
function useGroupText() {
  const { t } = useTranslation("buy");
  return (group: SeatGroup) => {
    if (group.row === null) return t("listing.generalAdmission");
    const row = t("listing.row", { row: group.seats?.row ?? group.row });
    // Seats sold apart are drawn from the first one listed, but their numbers are not promised.
    if (!group.together) return `${row} · ${t("listing.notTogether")}`;
    if (!group.seats) return row;
    return `${row} · ${group.seats.from === group.seats.to ? t("listing.seat", { from: group.seats.from }) : t("listing.seats", group.seats)}`;
  };
}

export default SeatMap;
