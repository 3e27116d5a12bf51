/**
 * A tour's link-preview card (og:image): a 1200×630 PNG drawn from the tour's poster seed and
 * palette (poster.ts), since link previews show neither SVG nor our poster's text fonts. The
 * card carries no words (the preview writes og:title beside it), so one card serves both
 * languages. It is drawn once per poster version, kept in R2 under that version, and its
 * address carries the version so the edge and browsers may keep it for good.
 */
import { eq } from "drizzle-orm";
import { tours } from "../../db/schema";
import { encodePng, hexColor, Raster } from "../../imaging/png";
import { iconRaster } from "../../imaging/icons";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { POSTER_PALETTES, rand, type PosterPalette } from "./poster";

export const SHARE_CARD = { width: 1200, height: 630 } as const;

interface CardInputs {
  id: number;
  posterSeed: number;
  posterPalette: string;
}

function paletteOf(name: string): PosterPalette {
  return (POSTER_PALETTES as Record<string, PosterPalette>)[name] ?? POSTER_PALETTES["neon-night"];
}

/** A short version of what the card is drawn from; bump DRAWING when the drawing changes. */
const DRAWING = 1;
export function shareCardVersion(tour: Pick<CardInputs, "posterSeed" | "posterPalette">): string {
  let hash = 0x811c9dc5;
  for (const c of `${DRAWING}:${tour.posterSeed}:${tour.posterPalette}`) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The card's address (absolute when `origin` is given, as og:image must be). */
export function shareCardUrl(tour: CardInputs, origin = ""): string {
  return `${origin}/media/og/${tour.id}.png?v=${shareCardVersion(tour)}`;
}

/** Draws the card: the poster's gradient, its accent orbs and rings, and the ticket mark. */
export async function drawShareCard(seed: number, paletteName: string): Promise<Uint8Array<ArrayBuffer>> {
  const palette = paletteOf(paletteName);
  const random = rand(seed);
  const { width, height } = SHARE_CARD;
  const raster = new Raster(width, height);
  raster.gradient(hexColor(palette.bg[0]), hexColor(palette.bg[1]));
  const accents = palette.accents.map(hexColor);
  for (let i = 0; i < 5; i++) {
    const r = random.range(90, 260);
    raster.disc(random.range(width * 0.35, width), random.range(-40, height + 40), r, random.pick(accents), random.range(0.25, 0.6));
  }
  for (let i = 0; i < 3; i++) {
    raster.ring(random.range(width * 0.45, width * 0.95), random.range(60, height - 60), random.range(60, 180), random.range(4, 10), random.pick(accents), 0.7);
  }
  // A halftone band along the left: the poster's grain, where the preview's words sit beside it.
  const dot = accents[2];
  for (let y = 40; y < height - 20; y += 28) {
    for (let x = 40; x < 360; x += 28) raster.disc(x, y, 2 + ((x + y) % 5) / 2, dot, 0.35);
  }
  // The brand mark, bottom left.
  const mark = iconRaster(96);
  for (let y = 0; y < mark.height; y++) {
    for (let x = 0; x < mark.width; x++) {
      const i = (y * mark.width + x) * 4;
      raster.blend(48 + x, height - 144 + y, [mark.pixels[i], mark.pixels[i + 1], mark.pixels[i + 2]], mark.pixels[i + 3] / 255);
    }
  }
  return encodePng(raster);
}

/**
 * The card of tour `tourId` at `version`, from R2 or drawn and kept there. Throws notFound for
 * a tour we do not list or a version that is not the tour's current one (an old address).
 * Side effect: the first request for a version writes one R2 object.
 */
export async function tourShareCard(ctx: Pick<MarketContext, "db" | "files">, tourId: number, version: string | null): Promise<Uint8Array<ArrayBuffer>> {
  const [tour] = await ctx.db
    .select({ id: tours.id, posterSeed: tours.posterSeed, posterPalette: tours.posterPalette })
    .from(tours)
    .where(eq(tours.id, tourId))
    .limit(1);
  if (!tour) throw notFound("tour");
  const current = shareCardVersion(tour);
  if (version !== null && version !== current) throw notFound("tour");
  const key = `og/${tour.id}-${current}.png`;
  const kept = await ctx.files.get(key);
  if (kept) return new Uint8Array(await new Response(kept.body).arrayBuffer());
  const png = await drawShareCard(tour.posterSeed, tour.posterPalette);
  await ctx.files.put(key, png, "image/png");
  return png;
}
