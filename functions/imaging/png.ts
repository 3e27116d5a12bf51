/**
 * A small RGBA canvas and a PNG encoder, so link-preview cards and app icons are drawn by our
 * own code in the Worker (docs/decisions.md #88): shapes are anti-aliased from their distance
 * fields, and the platform's CompressionStream('deflate') writes the zlib stream PNG wants.
 * No wasm, no fonts, nothing fetched; the same input always gives the same bytes.
 */

export type Rgb = readonly [number, number, number];

export function hexColor(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", "").slice(0, 6), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }

  /** Blends `color` at (x, y) with coverage `alpha` (0..1) over what is there. */
  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const a = Math.min(1, alpha);
    const i = (y * this.width + x) * 4;
    const p = this.pixels;
    const under = p[i + 3] / 255;
    const out = a + under * (1 - a);
    for (let c = 0; c < 3; c++) p[i + c] = Math.round((color[c] * a + p[i + c] * under * (1 - a)) / (out || 1));
    p[i + 3] = Math.round(out * 255);
  }

  /** A vertical-diagonal gradient from `from` (top left) to `to` (bottom right). */
  gradient(from: Rgb, to: Rgb): void {
    const span = this.width + this.height;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = (x * 0.35 + y * 1.65) / (span * 1.0);
        this.blend(x, y, [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t], 1);
      }
    }
  }

  /**
   * Paints every pixel in the box where `distance` (negative inside the shape, in pixels) says
   * the shape is, anti-aliased over one pixel, at `opacity`.
   */
  shape(box: { x0: number; y0: number; x1: number; y1: number }, distance: (x: number, y: number) => number, color: Rgb, opacity = 1): void {
    const x0 = Math.max(0, Math.floor(box.x0));
    const y0 = Math.max(0, Math.floor(box.y0));
    const x1 = Math.min(this.width, Math.ceil(box.x1));
    const y1 = Math.min(this.height, Math.ceil(box.y1));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const coverage = Math.max(0, Math.min(1, 0.5 - distance(x + 0.5, y + 0.5)));
        if (coverage > 0) this.blend(x, y, color, coverage * opacity);
      }
    }
  }

  disc(cx: number, cy: number, r: number, color: Rgb, opacity = 1): void {
    this.shape({ x0: cx - r - 1, y0: cy - r - 1, x1: cx + r + 1, y1: cy + r + 1 }, (x, y) => Math.hypot(x - cx, y - cy) - r, color, opacity);
  }

  ring(cx: number, cy: number, r: number, thickness: number, color: Rgb, opacity = 1): void {
    const outer = r + thickness / 2 + 1;
    this.shape({ x0: cx - outer, y0: cy - outer, x1: cx + outer, y1: cy + outer }, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - thickness / 2, color, opacity);
  }

  /** A rectangle with rounded corners of radius `r`. */
  roundedRect(x: number, y: number, w: number, h: number, r: number, color: Rgb, opacity = 1): void {
    this.shape({ x0: x - 1, y0: y - 1, x1: x + w + 1, y1: y + h + 1 }, roundedRectDistance(x, y, w, h, r), color, opacity);
  }
}

/** Signed distance to a rounded rectangle (negative inside). */
export function roundedRectDistance(x: number, y: number, w: number, h: number, r: number) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  return (px: number, py: number) => {
    const qx = Math.abs(px - cx) - w / 2 + r;
    const qy = Math.abs(py - cy) - h / 2 + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** The raster as a PNG (8-bit RGBA; every row filtered 'Up', which suits gradients). */
export async function encodePng(raster: Raster): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height, pixels } = raster;
  const stride = width * 4;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    filtered[row] = 2;
    for (let i = 0; i < stride; i++) {
      const above = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      filtered[row + 1 + i] = (pixels[y * stride + i] - above) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const parts = [new Uint8Array(SIGNATURE), chunk("IHDR", header), chunk("IDAT", await deflate(filtered)), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
