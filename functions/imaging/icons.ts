/**
 * The app's icons as PNG (and favicon.ico), drawn from the same ticket mark as public/favicon.svg:
 * a white ticket with side notches and a dashed tear line on the brand red. Browsers, home
 * screens and link previews that do not show SVG get these. The maskable icon fills the whole
 * square and keeps the mark inside the central 80% safe zone, since launchers crop to a shape.
 */
import { encodePng, hexColor, Raster, roundedRectDistance } from "./png";

const RED = hexColor("#ff1d41");
const WHITE = hexColor("#ffffff");

/** The ticket mark in a 64-unit square, drawn at `scale` pixels per unit from (ox, oy). */
function drawTicket(raster: Raster, ox: number, oy: number, scale: number): void {
  const at = (u: number) => u * scale;
  const body = roundedRectDistance(ox + at(14), oy + at(24), at(36), at(22), 0);
  const notch = (cx: number) => (x: number, y: number) => Math.hypot(x - (ox + at(cx)), y - (oy + at(35))) - at(5);
  const left = notch(14);
  const right = notch(50);
  raster.shape({ x0: ox + at(8), y0: oy + at(22), x1: ox + at(56), y1: oy + at(48) }, (x, y) => Math.max(body(x, y), -left(x, y), -right(x, y)), WHITE);
  for (const from of [26, 32, 38]) raster.roundedRect(ox + at(25.75), oy + at(from), at(2.5), at(3), 0, RED);
}

/** An icon `size` pixels square: rounded like the SVG, or full-bleed when maskable. */
export function iconRaster(size: number, maskable = false): Raster {
  const raster = new Raster(size, size);
  if (maskable) {
    raster.roundedRect(0, 0, size, size, 0, RED);
    const inner = size * 0.8;
    drawTicket(raster, (size - inner) / 2, (size - inner) / 2, inner / 64);
  } else {
    raster.roundedRect(0, 0, size, size, (size * 14) / 64, RED);
    drawTicket(raster, 0, 0, size / 64);
  }
  return raster;
}

export async function iconPng(size: number, maskable = false): Promise<Uint8Array<ArrayBuffer>> {
  return encodePng(iconRaster(size, maskable));
}

/** favicon.ico: one 32×32 PNG inside an ICO directory (every current browser reads PNG icons). */
export async function faviconIco(): Promise<Uint8Array<ArrayBuffer>> {
  const png = await iconPng(32);
  const out = new Uint8Array(22 + png.length);
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  out[6] = 32;
  out[7] = 32;
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, png.length, true);
  view.setUint32(18, 22, true);
  out.set(png, 22);
  return out;
}

/** Icon files served from code: path → how to draw it. */
export const ICON_FILES: Record<string, () => Promise<Uint8Array<ArrayBuffer>>> = {
  "/favicon.ico": faviconIco,
  "/apple-touch-icon.png": () => iconPng(180, true),
  "/icons/icon-192.png": () => iconPng(192),
  "/icons/icon-512.png": () => iconPng(512),
  "/icons/maskable-512.png": () => iconPng(512, true),
};
