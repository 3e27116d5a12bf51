/**
 * A tour's poster, served as SVG at /media/poster/{tourId}.svg. The art is drawn from the tour's
 * seed and palette (poster.ts) with its title and artist in one language, so the address names
 * the language and a version taken from every input: when a title or the art changes, the
 * address changes, and browsers may keep a poster for a long time. Posters are portrait (3:4);
 * `shape=wide` (16:10) draws the same art for banners such as Home's carousel.
 */
import { eq } from "drizzle-orm";
import { tours } from "../../db/schema";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { notFound } from "../errors";
import { posterSvg } from "./poster";

interface PosterInputs {
  id: number;
  posterSeed: number;
  posterPalette: string;
  titleEn: string;
  titleZh: string;
  artistEn: string;
  artistZh: string;
}

/** FNV-1a, 32 bits: a short, stable fingerprint of the poster's inputs (not a security hash). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function wording(tour: PosterInputs, language: Language) {
  return language === "zh-HK"
    ? { title: tour.titleZh, subtitle: tour.artistZh }
    : { title: tour.titleEn, subtitle: tour.artistEn };
}

function versionOf(tour: PosterInputs, language: Language): string {
  const { title, subtitle } = wording(tour, language);
  return fingerprint([tour.posterSeed, tour.posterPalette, title, subtitle].join("\u0000"));
}

/** What a tour's poster is drawn from but its id, for a query that names the id its own way. */
export const POSTER_ART_COLUMNS = {
  posterSeed: tours.posterSeed,
  posterPalette: tours.posterPalette,
  titleEn: tours.titleEn,
  titleZh: tours.titleZh,
  artistEn: tours.artistEn,
  artistZh: tours.artistZh,
};

/** The columns of a tour its poster is drawn from, for a query that wants poster addresses. */
export const POSTER_COLUMNS = { id: tours.id, ...POSTER_ART_COLUMNS };

/** The poster's address in a language. */
export function posterUrl(tour: PosterInputs, language: Language): string {
  return `/media/poster/${tour.id}.svg?lan=${language}&v=${versionOf(tour, language)}`;
}

export const POSTER_SHAPES = {
  portrait: { width: 600, height: 800 },
  wide: { width: 800, height: 500 },
} as const;

export type PosterShape = keyof typeof POSTER_SHAPES;

export function isPosterShape(value: unknown): value is PosterShape {
  return typeof value === "string" && Object.hasOwn(POSTER_SHAPES, value);
}

export interface TourPoster {
  svg: string;
  /** A strong validator: the same inputs draw the same bytes. */
  etag: string;
}

/** The poster of a tour in a language and shape. Throws notFound for a tour we do not list. */
export async function tourPoster(ctx: Pick<MarketContext, "db">, tourId: number, language: Language, shape: PosterShape = "portrait"): Promise<TourPoster> {
  const [tour] = await ctx.db
    .select(POSTER_COLUMNS)
    .from(tours)
    .where(eq(tours.id, tourId))
    .limit(1);
  if (!tour) throw notFound("tour");
  const svg = posterSvg({ seed: tour.posterSeed, palette: tour.posterPalette, ...wording(tour, language), ...POSTER_SHAPES[shape] });
  return { svg, etag: `"${versionOf(tour, language)}-${fingerprint(svg)}"` };
}
