/**
 * Tour poster art: a deterministic SVG drawn from a tour's poster seed and palette, so every
 * tour has artwork without storing an image. The same input always gives the same bytes.
 *
 * A poster is one of six compositions (orbs, sunburst, waves, bauhaus, arches, spotlights) in
 * one of the named palettes, with film grain, a halftone or ring motif, and the title set large
 * and wrapped to fit (Latin in capitals; Chinese breaks between characters but not inside a
 * 《title》, a name or a common word), on a system CJK font stack. Portrait 3:4 by default; a
 * wide size gets a banner layout, title left and art right. No external references, no script;
 * about 3-4 KB each.
 */
import { POSTER_PALETTE_NAMES, type PosterPaletteName } from "../../db/schema";

export { POSTER_PALETTE_NAMES, type PosterPaletteName };

export type PosterPalette = {
  /** Background gradient, top to bottom. */
  bg: readonly [string, string];
  accents: readonly [string, string, string];
  /** Title colour. */
  ink: string;
  /** Subtitle colour. */
  soft: string;
  /** Whether the palette is light: art blends by multiplying instead of screening. */
  light?: boolean;
};

export const POSTER_PALETTES = {
  "neon-night": { bg: ["#0d0628", "#3a0d6b"], accents: ["#ff2d95", "#19e3ff", "#ffe45c"], ink: "#ffffff", soft: "#d9ccff" },
  "sunset-boulevard": { bg: ["#2b1055", "#d53a5d"], accents: ["#ff9a3c", "#ffd26f", "#ff5e7e"], ink: "#fff6e8", soft: "#ffe1c4" },
  "harbour-blue": { bg: ["#031b34", "#0b4f7c"], accents: ["#3cc7f5", "#f4d35e", "#e9f6ff"], ink: "#ffffff", soft: "#b9e2f5" },
  "jade-garden": { bg: ["#06281f", "#0f5e48"], accents: ["#3ddc97", "#f2c14e", "#e8f7ee"], ink: "#f4fff9", soft: "#b8ecd6" },
  "crimson-stage": { bg: ["#1a0306", "#7a0c1c"], accents: ["#ff3b3b", "#ffb400", "#ffe9d6"], ink: "#fff3ea", soft: "#ffc2b8" },
  "golden-hour": { bg: ["#3b1f0a", "#b8621b"], accents: ["#ffc857", "#ff8c42", "#fff1d0"], ink: "#fff8ea", soft: "#ffe3b3" },
  "violet-haze": { bg: ["#1b0f3b", "#6b3fa0"], accents: ["#b388ff", "#ff8fd8", "#8ff7ff"], ink: "#ffffff", soft: "#e6d6ff" },
  "citrus-pop": { bg: ["#fff4c9", "#ffd23f"], accents: ["#ff5a36", "#1f7a8c", "#0b1d51"], ink: "#0b1d51", soft: "#4d3b0c", light: true },
  "midnight-ink": { bg: ["#05070d", "#1c2533"], accents: ["#e94560", "#f5f5f5", "#7f8c9d"], ink: "#f5f5f5", soft: "#aab5c6" },
  "rose-quartz": { bg: ["#ffe6ee", "#f5a3c0"], accents: ["#d81e5b", "#6a4c93", "#ffffff"], ink: "#3d0e2a", soft: "#6e2d50", light: true },
} as const satisfies Record<PosterPaletteName, PosterPalette>;

export type PosterInput = {
  seed: number;
  palette: string;
  title: string;
  subtitle?: string;
  width?: number;
  height?: number;
};

const FONT =
  "'Helvetica Neue',Arial,'Noto Sans CJK TC','Noto Sans TC','PingFang TC','Microsoft JhengHei','Source Han Sans TC',sans-serif";

export type Rand = { (): number; range(min: number, max: number): number; pick<T>(items: readonly T[]): T };

export function rand(seed: number): Rand {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (() => {
    let t = (state = (state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rand;
  next.range = (min, max) => min + next() * (max - min);
  next.pick = (items) => items[Math.floor(next() * items.length)];
  return next;
}

const f = (n: number) => String(Math.round(n * 10) / 10);

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

// --- Title setting -----------------------------------------------------------------------------

const isCjk = (c: string) => /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(c);
const OPENING = "《「『（(“";
const CLOSING = "》」』）)”：，、。！？:!?,.";

/** Rough advance of a glyph in ems, for a heavy sans serif. */
function em(c: string): number {
  if (isCjk(c)) return 1;
  if (c === " ") return 0.28;
  if ("MW".includes(c)) return 0.88;
  if ("IJ1".includes(c)) return 0.34;
  if (/[A-Z]/.test(c)) return 0.71;
  if (/[0-9]/.test(c)) return 0.62;
  if (/[a-z]/.test(c)) return 0.58;
  return 0.4;
}

const measure = (text: string, size: number) => [...text].reduce((w, c) => w + em(c), 0) * size;

type Token = { text: string; space: boolean };

/**
 * Break opportunities: between Latin words and between Chinese characters, never before a
 * closing mark, inside a short 《…》 or 「…」 title, or across a name's middle dot.
 */
function tokenize(title: string): Token[] {
  const tokens: Token[] = [];
  let space = false;
  let pending = "";
  let quoted = "";
  let glue = 0;
  for (const c of title) {
    if (quoted) {
      quoted += c;
      if (CLOSING.includes(c) || quoted.length > 9) {
        tokens.push({ text: quoted, space });
        quoted = "";
        space = false;
      }
      continue;
    }
    if (/\s/.test(c)) {
      space = true;
      glue = 0;
      continue;
    }
    if (!isCjk(c) || OPENING.includes(c) || "《「『".includes(c)) glue = 0;
    const last = tokens[tokens.length - 1];
    // A middle dot joins the parts of a transliterated name: 夏莉葉·維爾 never breaks.
    if (c === "·" && last && !space) {
      while (tokens.length > 1 && !last.space && [...last.text].length < 6) {
        const before = tokens[tokens.length - 2];
        if ([...before.text].length !== 1 || !isCjk(before.text)) break;
        tokens.splice(tokens.length - 2, 1);
        last.text = before.text + last.text;
        last.space = before.space;
      }
      last.text += c;
      glue = 4;
    } else if (glue > 0 && last && !space && isCjk(c) && !OPENING.includes(c) && !CLOSING.includes(c) && !"《「『".includes(c)) {
      last.text += c;
      glue--;
    } else if (CLOSING.includes(c) && last && !space) last.text += c;
    else if ("《「『".includes(c)) quoted = c;
    else if (OPENING.includes(c)) pending += c;
    else if (pending || isCjk(c) || !last || space || isCjk(last.text.slice(-1))) {
      tokens.push({ text: pending + c, space });
      pending = "";
    } else last.text += c;
    space = false;
  }
  if (quoted || pending) tokens.push({ text: quoted + pending, space });
  return joinWords(tokens);
}

/** Words of event titles that read badly split across lines, longest first. */
const WORDS = [
  "演唱會", "音樂節", "音樂劇", "馬戲團", "棟篤笑", "太平洋", "全明星", "邀請賽", "表演賽", "巡迴", "世界", "亞洲",
  "首次", "個人", "現場", "樂團", "劇場", "之夜", "海港", "海濱", "電子", "七人", "欖球", "籃球", "足球", "網球",
  "傳奇", "爵士", "交響", "恐龍", "探險", "木偶",
];

function joinWords(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = WORDS.find((w) => [...w].every((c, k) => tokens[i + k]?.text === c && (k === 0 || !tokens[i + k].space)));
    if (word) {
      out.push({ text: word, space: tokens[i].space });
      i += [...word].length - 1;
    } else out.push(tokens[i]);
  }
  return out;
}

function wrap(tokens: Token[], size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    const candidate = line ? line + (token.space ? " " : "") + token.text : token.text;
    if (line && measure(candidate, size) > maxWidth) {
      lines.push(line);
      line = token.text;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The same number of lines, but as even as possible, so no word or character is left alone. */
function balance(tokens: Token[], lines: string[], size: number, maxWidth: number): string[] {
  let best = lines;
  const shortest = (ls: string[]) => Math.min(...ls.map((l) => measure(l, size)));
  for (let width = maxWidth * 0.95; lines.length > 1 && width > maxWidth * 0.5; width *= 0.95) {
    const narrower = wrap(tokens, size, width);
    if (narrower.length !== lines.length) break;
    if (shortest(narrower) > shortest(best)) best = narrower;
  }
  return best;
}

type TitleBlock = { lines: string[]; size: number; lineHeight: number };

function fitTitle(title: string, maxWidth: number, maxHeight: number, maxSize: number): TitleBlock {
  const tokens = tokenize(title.toUpperCase());
  const cjk = isCjk(title.replace(/[^\S]/g, "").slice(0, 1)) || [...title].filter(isCjk).length > title.length / 3;
  for (let size = maxSize; ; size *= 0.94) {
    const lines = wrap(tokens, size, maxWidth);
    const lineHeight = size * (cjk ? 1.16 : 0.98);
    const fits = lines.length <= 4 && lines.every((l) => measure(l, size) <= maxWidth) && lines.length * lineHeight <= maxHeight;
    if (fits || size < maxSize * 0.25) return { lines: balance(tokens, lines, size, maxWidth), size, lineHeight };
  }
}

// --- Compositions ------------------------------------------------------------------------------

type Art = { defs: string; art: string; text: "top" | "bottom"; align: "start" | "middle" };
/**
 * w × h is the whole poster; u is the size unit of the art (the width of a 3:4 portrait, so a
 * wide banner gets art at portrait scale rather than stretched), and fx is where focal art is
 * centred: the middle of a portrait, the right-hand side of a banner, clear of the title.
 */
type Canvas = { w: number; h: number; u: number; fx: number; p: PosterPalette; id: string; r: Rand };

function orbs({ w, h, u, fx, p, id, r }: Canvas): Art {
  // Lit spheres with a soft glow behind them, a halftone disc and orbit lines.
  const glow = p.accents[r() < 0.5 ? 0 : 1];
  let defs =
    `<radialGradient id="${id}o"><stop offset="0" stop-color="${glow}" stop-opacity=".7"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>` +
    `<pattern id="${id}h" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(${f(r.range(10, 50))})"><circle cx="4.5" cy="4.5" r="2.1" fill="${p.accents[2]}"/></pattern>`;
  const cx = w > h ? fx : r.range(0.35, 0.65) * w;
  const cy = r.range(0.28, 0.36) * h;
  let art = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(u * 0.6)}" fill="url(#${id}o)"/>`;
  art += `<circle cx="${f(cx + u * r.range(-0.2, 0.2))}" cy="${f(cy + h * 0.08)}" r="${f(u * 0.3)}" fill="url(#${id}h)" opacity=".5"/>`;
  const orbit = r.range(-25, 25);
  art += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(u * 0.46)}" ry="${f(u * 0.13)}" fill="none" stroke="${p.ink}" stroke-opacity=".45" stroke-width="1.5" transform="rotate(${f(orbit)} ${f(cx)} ${f(cy)})"/>`;
  const spheres: [number, number, number][] = [
    [cx, cy, u * r.range(0.2, 0.26)],
    [cx + u * r.range(0.2, 0.3) * (r() < 0.5 ? -1 : 1), cy - h * r.range(0.08, 0.16), u * r.range(0.07, 0.11)],
    [cx + u * r.range(-0.3, 0.3), cy + h * r.range(0.16, 0.22), u * r.range(0.04, 0.07)],
  ];
  spheres.forEach(([x, y, radius], i) => {
    const body = p.accents[(i + (r() < 0.5 ? 0 : 1)) % 3];
    defs += `<radialGradient id="${id}s${i}" fx=".32" fy=".28" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".95"/><stop offset=".22" stop-color="${body}"/><stop offset="1" stop-color="${p.bg[0]}"/></radialGradient>`;
    art += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="url(#${id}s${i})"/>`;
  });
  art += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(u * 0.46)}" ry="${f(u * 0.13)}" fill="none" stroke="${p.ink}" stroke-opacity=".7" stroke-width="2" stroke-dasharray="${f(u * 0.7)} ${f(u * 2)}" transform="rotate(${f(orbit)} ${f(cx)} ${f(cy)})"/>`;
  return { defs, art, text: "bottom", align: "start" };
}

function sunburst({ w, h, u, fx, p, id, r }: Canvas): Art {
  const cx = fx;
  const cy = h * r.range(0.33, 0.42);
  const rays = 2 * Math.round(r.range(9, 15));
  const far = Math.hypot(w, h);
  const turn = r() * Math.PI;
  let art = `<g fill="${p.accents[0]}" opacity=".2">`;
  for (let i = 0; i < rays; i += 2) {
    const a0 = turn + (i / rays) * 2 * Math.PI;
    const a1 = turn + ((i + 1) / rays) * 2 * Math.PI;
    art += `<path d="M${f(cx)} ${f(cy)}L${f(cx + far * Math.cos(a0))} ${f(cy + far * Math.sin(a0))}L${f(cx + far * Math.cos(a1))} ${f(cy + far * Math.sin(a1))}Z"/>`;
  }
  art += "</g>";
  const sun = u * r.range(0.2, 0.27);
  const defs = `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.accents[1]}"/><stop offset="1" stop-color="${p.accents[0]}"/></linearGradient>`;
  for (let i = 3; i > 0; i--) {
    art += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(sun + i * u * 0.045)}" fill="none" stroke="${p.accents[2]}" stroke-opacity="${f(0.12 * i)}" stroke-width="2" stroke-dasharray="${i * 3} ${i * 5}"/>`;
  }
  art += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(sun)}" fill="url(#${id}s)"/>`;
  // Sun slats: the classic cut-through stripes across the lower half of the disc.
  for (let i = 0; i < 4; i++) {
    const y = cy + sun * (0.18 + i * 0.22);
    art += `<rect x="${f(cx - sun)}" y="${f(y)}" width="${f(2 * sun)}" height="${f(sun * (0.04 + i * 0.025))}" fill="${p.bg[1]}"/>`;
  }
  return { defs, art, text: "bottom", align: "middle" };
}

function waves({ w, h, u, p, r }: Canvas): Art {
  const bands = 6;
  // A sun setting into the sea, below the title.
  let art = `<circle cx="${f(w * r.range(0.25, 0.75))}" cy="${f(h * r.range(0.57, 0.61))}" r="${f(u * r.range(0.13, 0.2))}" fill="${p.accents[1]}"/>`;
  const colors = [p.accents[0], p.accents[2], p.accents[1], p.bg[0], p.accents[0], p.bg[1]];
  for (let b = 0; b < bands; b++) {
    const base = h * (0.58 + b * 0.075);
    const amp = h * r.range(0.015, 0.045);
    const phase = r() * Math.PI * 2;
    const freq = r.range(1.2, 2.4);
    let d = `M0 ${f(base)}`;
    for (let x = 0; x <= w; x += w / 12) d += `L${f(x)} ${f(base + amp * Math.sin(phase + (x / w) * freq * Math.PI * 2))}`;
    d += `L${w} ${h}L0 ${h}Z`;
    art += `<path d="${d}" fill="${colors[b]}" opacity="${f(0.55 + b * 0.08)}"/>`;
  }
  return { defs: "", art, text: "top", align: "start" };
}

function bauhaus({ w, h, u, p, id, r }: Canvas): Art {
  const cols = 3;
  const rows = 3;
  const cell = (u * 0.84) / cols;
  const x0 = w > h ? w - u * 0.08 - cols * cell : u * 0.08;
  const y0 = h * 0.07;
  const colors = [p.accents[0], p.accents[1], p.accents[2], p.ink];
  const defs = `<pattern id="${id}d" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2" fill="${p.ink}"/></pattern>`;
  let art = "";
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = x0 + col * cell;
      const y = y0 + row * cell;
      const c = r.pick(colors);
      const c2 = r.pick(colors.filter((k) => k !== c));
      const q = cell / 2;
      const kind = Math.floor(r() * 6);
      const rot = `transform="rotate(${90 * Math.floor(r() * 4)} ${f(x + q)} ${f(y + q)})"`;
      if (kind === 0) art += `<circle cx="${f(x + q)}" cy="${f(y + q)}" r="${f(q * 0.92)}" fill="${c}"/>`;
      else if (kind === 1) art += `<path d="M${f(x)} ${f(y + cell)}A${f(cell)} ${f(cell)} 0 0 1 ${f(x + cell)} ${f(y)}V${f(y + cell)}Z" fill="${c}" ${rot}/>`;
      else if (kind === 2) art += `<rect x="${f(x)}" y="${f(y)}" width="${f(cell)}" height="${f(cell)}" fill="${c}"/><circle cx="${f(x + q)}" cy="${f(y + q)}" r="${f(q * 0.55)}" fill="${c2}"/>`;
      else if (kind === 3) art += `<path d="M${f(x)} ${f(y)}H${f(x + cell)}L${f(x)} ${f(y + cell)}Z" fill="${c}" ${rot}/>`;
      else if (kind === 4) art += `<path d="M${f(x)} ${f(y + q)}A${f(q)} ${f(q)} 0 0 1 ${f(x + cell)} ${f(y + q)}Z" fill="${c}" ${rot}/>`;
      else art += `<rect x="${f(x + 4)}" y="${f(y + 4)}" width="${f(cell - 8)}" height="${f(cell - 8)}" fill="url(#${id}d)" opacity=".6"/>`;
    }
  }
  return { defs, art, text: "bottom", align: "start" };
}

function arches({ w, h, u, fx, p, r }: Canvas): Art {
  const cx = w > h ? fx : w * r.pick([0.5, 0.5, 0.3, 0.7]);
  const cy = h * 0.98;
  const thick = u * 0.065;
  const colors = [p.accents[0], p.accents[1], p.accents[2], p.bg[1]];
  const shift = Math.floor(r() * 4);
  let art = "";
  let radius = u * 0.7;
  for (let i = 0; i < 6 && radius > thick * 2; i++, radius -= thick * 1.05) {
    art += `<path d="M${f(cx - radius)} ${f(cy)}A${f(radius)} ${f(radius)} 0 0 1 ${f(cx + radius)} ${f(cy)}" fill="none" stroke="${colors[(i + shift) % 4]}" stroke-width="${f(thick)}"/>`;
  }
  // A sun rising inside the innermost arch.
  art += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius - thick * 0.2)}" fill="${p.accents[1]}"/>`;
  return { defs: "", art, text: "top", align: "start" };
}

function spotlights({ w, h, p, id, r }: Canvas): Art {
  const defs =
    `<linearGradient id="${id}b" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${p.accents[2]}" stop-opacity=".85"/><stop offset="1" stop-color="${p.accents[2]}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="${id}c" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${p.accents[0]}" stop-opacity=".8"/><stop offset="1" stop-color="${p.accents[0]}" stop-opacity="0"/></linearGradient>`;
  const floor = h * 0.84;
  let art = "";
  const beams = Math.round(r.range(4, 7));
  for (let i = 0; i < beams; i++) {
    const sx = w * (0.15 + (0.7 * i) / (beams - 1));
    const tx = sx + (r() - 0.5) * w * 1.1;
    const spread = w * r.range(0.08, 0.16);
    art += `<path d="M${f(sx - 4)} ${f(floor)}L${f(tx - spread)} 0H${f(tx + spread)}L${f(sx + 4)} ${f(floor)}Z" fill="url(#${id}${i % 2 ? "b" : "c"})" style="mix-blend-mode:${p.light ? "multiply" : "screen"}"/>`;
  }
  // The crowd: heads and raised arms along the bottom edge.
  let d = `M0 ${h}V${f(floor + h * 0.04)}`;
  for (let x = 0; x < w; ) {
    const step = r.range(0.035, 0.06) * w;
    const head = floor + h * r.range(0.0, 0.05);
    if (r() < 0.22) {
      const top = head - h * r.range(0.07, 0.12);
      const lean = step * r.range(-0.4, 0.4);
      d += `L${f(x + step * 0.3)} ${f(head + 8)}L${f(x + step * 0.32 + lean)} ${f(top)}Q${f(x + step * 0.45 + lean)} ${f(top - step * 0.3)} ${f(x + step * 0.58 + lean)} ${f(top)}L${f(x + step * 0.6)} ${f(head + 8)}`;
    } else {
      d += `Q${f(x + step / 2)} ${f(head - step * 0.9)} ${f(x + step)} ${f(head + step * 0.2)}`;
    }
    x += step;
  }
  d += `L${w} ${h}Z`;
  art += `<path d="${d}" fill="${p.light ? p.accents[2] : "#000"}" opacity=".92"/>`;
  return { defs, art, text: "top", align: "start" };
}

const COMPOSITIONS = [orbs, sunburst, waves, bauhaus, arches, spotlights];

// --- The poster --------------------------------------------------------------------------------

/** The poster of a tour as an SVG document (portrait 3:4 unless told otherwise). */
export function posterSvg(input: PosterInput): string {
  const w = Math.round(input.width ?? 600);
  const h = Math.round(input.height ?? (w * 4) / 3);
  const r = rand(input.seed);
  const palette: PosterPalette =
    POSTER_PALETTES[input.palette as PosterPaletteName] ?? POSTER_PALETTES[POSTER_PALETTE_NAMES[(input.seed >>> 0) % POSTER_PALETTE_NAMES.length]];
  const id = `p${(input.seed >>> 0).toString(36)}`;
  const wide = w > h;
  const u = Math.min(w, (h * 3) / 4);
  const compose = COMPOSITIONS[Math.floor(r() * COMPOSITIONS.length)];
  const art = compose({ w, h, u, fx: wide ? w - u * 0.6 : w / 2, p: palette, id, r });
  // A banner always sets its title bottom-left, beside the art rather than over it.
  const text = wide ? "bottom" : art.text;
  const align = wide ? "start" : art.align;

  const margin = u * 0.08;
  const maxWidth = wide ? w * 0.6 : w - 2 * margin;
  const subSize = u * (wide ? 0.045 : 0.036);
  const title = fitTitle(input.title.trim() || " ", maxWidth, h * (wide ? 0.5 : 0.4), u * 0.16);
  const blockHeight = title.lines.length * title.lineHeight;
  const x = align === "middle" ? w / 2 : margin;

  // Text sits in a scrim of the background so it reads over any art: below or above it on a
  // poster, to its left on a banner.
  const scrimTop = text === "top";
  const scrimHeight = blockHeight + subSize * 3 + margin * 2 + h * 0.12;
  const [x1, y1, x2, y2] = wide ? [0.75, 0, 0, 0] : scrimTop ? [0, 1, 0, 0] : [0, 0, 0, 1];
  const scrim =
    `<linearGradient id="${id}m" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${palette.bg[0]}" stop-opacity="0"/><stop offset=".6" stop-color="${palette.bg[0]}" stop-opacity=".82"/></linearGradient>`;
  const scrimRect = wide
    ? `<rect width="${w}" height="${h}" fill="url(#${id}m)"/>`
    : `<rect y="${f(scrimTop ? 0 : h - scrimHeight)}" width="${w}" height="${f(scrimHeight)}" fill="url(#${id}m)"/>`;

  const subtitle = input.subtitle?.trim() ? input.subtitle.trim() : "";
  const subLetter = isCjk(subtitle.slice(0, 1)) ? 0.05 : 0.14;
  const subFit = Math.min(subSize, maxWidth / Math.max(1, measure(subtitle.toUpperCase(), 1) + subtitle.length * subLetter));
  let firstBaseline: number;
  let subBaseline: number;
  if (scrimTop) {
    subBaseline = margin + subFit;
    firstBaseline = subBaseline + subFit * 1.2 + title.size * 0.92;
    if (!subtitle) firstBaseline = margin + title.size * 0.86;
  } else {
    subBaseline = h - margin;
    const lastBaseline = subtitle ? subBaseline - subFit * 2 : h - margin;
    firstBaseline = lastBaseline - (title.lines.length - 1) * title.lineHeight;
  }
  const ruleY = scrimTop ? firstBaseline + blockHeight - title.size * 0.55 : firstBaseline - title.size - u * 0.03;
  const ruleX = align === "middle" ? w / 2 - u * 0.06 : margin;

  const tspans = title.lines
    .map((line, i) => `<tspan x="${f(x)}" y="${f(firstBaseline + i * title.lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  const inset = u * 0.03;
  const frame = r() < 0.5 ? `<rect x="${f(inset)}" y="${f(inset)}" width="${f(w - 2 * inset)}" height="${f(h - 2 * inset)}" fill="none" stroke="${palette.ink}" stroke-opacity=".35"/>` : "";

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(input.title)}">` +
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/></linearGradient>${scrim}${art.defs}` +
    `<filter id="${id}n" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}g)"/>${art.art}${scrimRect}` +
    `<rect width="${w}" height="${h}" filter="url(#${id}n)" opacity=".16" style="mix-blend-mode:overlay"/>${frame}` +
    `<rect x="${f(ruleX)}" y="${f(ruleY)}" width="${f(u * 0.12)}" height="${f(u * 0.012)}" fill="${palette.accents[0]}"/>` +
    `<text font-family="${FONT}" font-weight="900" font-size="${f(title.size)}" fill="${palette.ink}" text-anchor="${align}">${tspans}</text>` +
    (subtitle
      ? `<text x="${f(x)}" y="${f(subBaseline)}" font-family="${FONT}" font-weight="700" font-size="${f(subFit)}" letter-spacing="${f(subFit * subLetter)}" fill="${palette.soft}" text-anchor="${align}">${escapeXml(subtitle.toUpperCase())}</text>`
      : "") +
    `</svg>`
  );
}
