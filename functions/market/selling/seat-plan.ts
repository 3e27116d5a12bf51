/**
 * The seats a seller may name, read from the venue's map (the same sections, rows and seats
 * the buyer's seat map draws, venues/seat-maps.ts rowLabel). A listing's row must be one of its
 * section's rows as the venue labels them (numbered 1-18 in an arena, lettered A-P in a
 * theatre), and each seat a number from 1 to the section's seats per row; otherwise the listing
 * could not be drawn on the map and a buyer could not find the seats. General admission has no
 * rows: it takes a quantity.
 *
 * The check is made on every listing, whatever the door (the web form's row list and seat
 * grid, the JSON API's typed fields): the browser's choices are a convenience, this is the rule.
 */
import { and, asc, eq } from "drizzle-orm";
import { venues, venueSections } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { rowLabel, type VenueKind } from "../venues/seat-maps";
import { invalidField } from "./invalid-input";

export interface SectionPlan {
  id: number;
  code: string;
  name: string;
  generalAdmission: boolean;
  /** Row labels from the front, as the venue writes them; empty for general admission. */
  rows: string[];
  /** Seats in each row, numbered from 1; 0 for general admission. */
  seatsPerRow: number;
}

/** A section's plan from its venue's kind and size. */
export function planOf(kind: VenueKind, section: { id: number; code: string; name: string; generalAdmission: boolean; rows: number; seatsPerRow: number }): SectionPlan {
  const rows = section.generalAdmission ? [] : Array.from({ length: section.rows }, (_, index) => rowLabel(kind, index));
  return { ...section, rows, seatsPerRow: section.generalAdmission ? 0 : section.seatsPerRow };
}

/**
 * The plans of a venue's sections (or only the one with `only.id` or `only.code`), in the map's
 * order, named in the viewer's language. Reads only.
 */
export async function sectionPlans(ctx: MarketContext, venueId: number, only?: { id?: number; code?: string }): Promise<SectionPlan[]> {
  const zh = ctx.viewer.language === "zh-HK";
  const rows = await ctx.db
    .select({
      kind: venues.kind,
      id: venueSections.id,
      code: venueSections.code,
      name: zh ? venueSections.nameZh : venueSections.nameEn,
      generalAdmission: venueSections.generalAdmission,
      rows: venueSections.rows,
      seatsPerRow: venueSections.seatsPerRow,
    })
    .from(venueSections)
    .innerJoin(venues, eq(venues.id, venueSections.venueId))
    .where(
      and(
        eq(venueSections.venueId, venueId),
        only?.id !== undefined ? eq(venueSections.id, only.id) : undefined,
        only?.code !== undefined ? eq(venueSections.code, only.code) : undefined,
      ),
    )
    .orderBy(asc(venueSections.sort), asc(venueSections.id));
  return rows.map(({ kind, ...section }) => planOf(kind, section));
}

/** How the section's rows and seats run, for the refusal: "1–18", "A–P". */
function span(labels: readonly string[]): string {
  return labels.length === 0 ? "" : labels.length === 1 ? labels[0]! : `${labels[0]}–${labels[labels.length - 1]}`;
}

/**
 * The row as the map writes it ("b" → "B", " 6" → "6"), when `row` and every one of `seats` are
 * on `plan`. Throws listingSeatNotOnMap naming the section, its rows and its seats otherwise.
 */
export function checkOnPlan(plan: SectionPlan, row: string, seats: readonly string[]): string {
  const wanted = row.trim().toUpperCase();
  const onPlan = plan.rows.find((label) => label === wanted);
  const seatsFit = seats.every((seat) => /^\d{1,4}$/.test(seat) && Number(seat) >= 1 && Number(seat) <= plan.seatsPerRow);
  if (!onPlan || !seatsFit) {
    throw new MarketError("listingSeatNotOnMap", {
      params: { section: plan.name, rows: span(plan.rows), seats: span(plan.seatsPerRow > 0 ? ["1", String(plan.seatsPerRow)] : []) },
      data: { field: onPlan ? "seats" : "rowLabel" },
    });
  }
  return onPlan;
}

/** The plan of section `sectionId` at venue `venueId`. Throws invalidParam naming sectionId when it is not on that venue's map. */
export async function requireSectionPlan(ctx: MarketContext, venueId: number, sectionId: number): Promise<SectionPlan> {
  const [plan] = await sectionPlans(ctx, venueId, { id: sectionId });
  if (!plan) throw invalidField("sectionId");
  return plan;
}
