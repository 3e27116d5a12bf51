/**
 * Seat-map geometry of the venues, drawn in each venue's mapWidth × mapHeight SVG viewBox.
 * The seed draws the demo venues with it and the screens derive the stage and row labels from it,
 * so it sits on the domain's ground floor and imports only the schema's types.
 *
 * A section is an outline path (rounded to 0.1), a label point, a zone, a sight line and its
 * size in rows × seats per row. A general-admission area has one "row" whose seats are its
 * standing places. Bowls are rings of annular sectors around the stage or pitch, computed with
 * trigonometry; theatres are stalls, circle and balcony fans below a proscenium.
 *
 * The stage is not a section and the schema has no column for it: `stageOutline(venue)` derives
 * it from the venue's kind and map size, by the same plans the sections are drawn from (an arena
 * with a square map is played in the round, any other arena has an end stage).
 */
import type { venues, venueSections } from "../../db/schema";

export type SectionZone = NonNullable<(typeof venueSections.$inferInsert)["zone"]>;
export type VenueKind = (typeof venues.$inferInsert)["kind"];

/** A section before it belongs to a venue (ids are given by the catalog). */
export type SectionShape = {
  code: string;
  nameEn: string;
  nameZh: string;
  zone: SectionZone;
  path: string;
  labelX: number;
  labelY: number;
  obstructed: boolean;
  generalAdmission: boolean;
  rows: number;
  seatsPerRow: number;
};

export type SeatMap = { width: number; height: number; sections: SectionShape[] };

export type StageOutline = { path: string; labelX: number; labelY: number };

const r1 = (n: number) => Math.round(n * 10) / 10;

function onEllipse(cx: number, cy: number, rx: number, ry: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [r1(cx + rx * Math.cos(a)), r1(cy + ry * Math.sin(a))];
}

/** An annular sector between two concentric ellipses; angles in degrees, clockwise from 3 o'clock. */
export function ringSegmentPath(
  cx: number, cy: number, inner: [number, number], outer: [number, number], from: number, to: number,
): string {
  const large = to - from > 180 ? 1 : 0;
  const [x0, y0] = onEllipse(cx, cy, outer[0], outer[1], from);
  const [x1, y1] = onEllipse(cx, cy, outer[0], outer[1], to);
  const [x2, y2] = onEllipse(cx, cy, inner[0], inner[1], to);
  const [x3, y3] = onEllipse(cx, cy, inner[0], inner[1], from);
  return (
    `M${x0} ${y0}A${r1(outer[0])} ${r1(outer[1])} 0 ${large} 1 ${x1} ${y1}` +
    `L${x2} ${y2}A${r1(inner[0])} ${r1(inner[1])} 0 ${large} 0 ${x3} ${y3}Z`
  );
}

function arcLength(cx: number, cy: number, rx: number, ry: number, from: number, to: number): number {
  let length = 0;
  let [px, py] = onEllipse(cx, cy, rx, ry, from);
  for (let i = 1; i <= 16; i++) {
    const [x, y] = onEllipse(cx, cy, rx, ry, from + ((to - from) * i) / 16);
    length += Math.hypot(x - px, y - py);
    [px, py] = [x, y];
  }
  return length;
}

/** A rectangle, optionally with rounded corners, in absolute coordinates only. */
function rectPath(x: number, y: number, w: number, h: number, r = 0): string {
  const [x1, y1] = [r1(x + w), r1(y + h)];
  if (!r) return `M${x} ${y}H${x1}V${y1}H${x}Z`;
  return (
    `M${x + r} ${y}H${x1 - r}A${r} ${r} 0 0 1 ${x1} ${y + r}V${y1 - r}A${r} ${r} 0 0 1 ${x1 - r} ${y1}` +
    `H${x + r}A${r} ${r} 0 0 1 ${x} ${y1 - r}V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`
  );
}

function polygonPath(points: [number, number][]): string {
  return `M${points.map(([x, y]) => `${x} ${y}`).join("L")}Z`;
}

type Box = { x: number; y: number; w: number; h: number };

function boxSection(
  box: Box, s: Omit<SectionShape, "path" | "labelX" | "labelY" | "obstructed" | "generalAdmission"> &
    Partial<Pick<SectionShape, "obstructed" | "generalAdmission">>, radius = 6,
): SectionShape {
  return {
    obstructed: false,
    generalAdmission: false,
    ...s,
    path: rectPath(box.x, box.y, box.w, box.h, radius),
    labelX: Math.round(box.x + box.w / 2),
    labelY: Math.round(box.y + box.h / 2),
  };
}

function gaSection(code: string, nameEn: string, nameZh: string, zone: SectionZone, path: string,
  label: [number, number], places: number, obstructed = false): SectionShape {
  return { code, nameEn, nameZh, zone, path, labelX: label[0], labelY: label[1], obstructed, generalAdmission: true, rows: 1, seatsPerRow: places };
}

type RingSpec = {
  cx: number;
  cy: number;
  inner: [number, number];
  outer: [number, number];
  /** Start and end of the ring in degrees (a full ring spans 360). */
  from: number;
  to: number;
  count: number;
  zone: SectionZone;
  firstNumber: number;
  rows: number;
  /** Map units one seat takes along the ring's middle line. */
  seatPitch: number;
  /** Sections at each open end of the ring that see the stage from the side. */
  obstructedEnds?: number;
  /** Aisle between neighbouring sections, in degrees. */
  gap?: number;
  name?: (n: number) => [string, string];
};

function ringSections(spec: RingSpec): SectionShape[] {
  const gap = spec.gap ?? 1.2;
  const span = (spec.to - spec.from) / spec.count;
  const full = spec.to - spec.from >= 360;
  const mid: [number, number] = [(spec.inner[0] + spec.outer[0]) / 2, (spec.inner[1] + spec.outer[1]) / 2];
  const name = spec.name ?? ((n: number) => [`Section ${n}`, `${n}區`]);
  const sections: SectionShape[] = [];
  for (let i = 0; i < spec.count; i++) {
    const from = spec.from + i * span + gap / 2;
    const to = spec.from + (i + 1) * span - gap / 2;
    const [labelX, labelY] = onEllipse(spec.cx, spec.cy, mid[0], mid[1], (from + to) / 2);
    const n = spec.firstNumber + i;
    const ends = spec.obstructedEnds ?? 0;
    const [nameEn, nameZh] = name(n);
    sections.push({
      code: String(n),
      nameEn,
      nameZh,
      zone: spec.zone,
      path: ringSegmentPath(spec.cx, spec.cy, spec.inner, spec.outer, from, to),
      labelX: Math.round(labelX),
      labelY: Math.round(labelY),
      obstructed: !full && (i < ends || i >= spec.count - ends),
      generalAdmission: false,
      rows: spec.rows,
      seatsPerRow: Math.max(8, Math.round(arcLength(spec.cx, spec.cy, mid[0], mid[1], from, to) / spec.seatPitch)),
    });
  }
  return sections;
}

// ---------------------------------------------------------------------------------------------
// Stadium: an oval of up to three rings round a pitch, the stage at the pitch's north end.

const STADIUM = { width: 1000, height: 1050, cx: 500, cy: 525, stage: { x: 400, y: 285, w: 200, h: 60 } };

export type StadiumPlan = { lower: number; middle: number; upper: number; seatPitch: number };

export function stadiumMap(plan: StadiumPlan): SeatMap {
  const { cx, cy } = STADIUM;
  // The rings stop short of the stage end: nobody is sold a seat behind the stage.
  const from = -68;
  const to = 248;
  const rings: RingSpec[] = [
    { cx, cy, inner: [230, 300], outer: [300, 370], from, to, count: plan.lower, zone: "lower", firstNumber: 101, rows: 28, seatPitch: plan.seatPitch, obstructedEnds: 1 },
  ];
  if (plan.middle) rings.push({ cx, cy, inner: [310, 380], outer: [370, 440], from, to, count: plan.middle, zone: "middle", firstNumber: 201, rows: 22, seatPitch: plan.seatPitch, obstructedEnds: 1 });
  if (plan.upper) {
    const inner: [number, number] = plan.middle ? [380, 450] : [310, 380];
    rings.push({ cx, cy, inner, outer: [inner[0] + 70, inner[1] + 60], from, to, count: plan.upper, zone: "upper", firstNumber: plan.middle ? 301 : 201, rows: 26, seatPitch: plan.seatPitch, obstructedEnds: 1 });
  }
  const floor: SectionShape[] = [
    boxSection({ x: 365, y: 360, w: 130, h: 90 }, { code: "A1", nameEn: "VIP Floor A1", nameZh: "VIP場內A1區", zone: "vip", rows: 18, seatsPerRow: 30 }),
    boxSection({ x: 505, y: 360, w: 130, h: 90 }, { code: "A2", nameEn: "VIP Floor A2", nameZh: "VIP場內A2區", zone: "vip", rows: 18, seatsPerRow: 30 }),
    boxSection({ x: 365, y: 460, w: 85, h: 100 }, { code: "B1", nameEn: "Floor B1", nameZh: "場內B1區", zone: "floor", rows: 24, seatsPerRow: 20 }),
    boxSection({ x: 458, y: 460, w: 84, h: 100 }, { code: "B2", nameEn: "Floor B2", nameZh: "場內B2區", zone: "floor", rows: 24, seatsPerRow: 20 }),
    boxSection({ x: 550, y: 460, w: 85, h: 100 }, { code: "B3", nameEn: "Floor B3", nameZh: "場內B3區", zone: "floor", rows: 24, seatsPerRow: 20 }),
    gaSection("GA", "Standing Zone", "企位區", "ga", rectPath(365, 570, 270, 130, 10), [500, 635], 4000),
  ];
  return { width: STADIUM.width, height: STADIUM.height, sections: [...floor, ...rings.flatMap(ringSections)] };
}

// ---------------------------------------------------------------------------------------------
// Arena with an end stage: a standing pit and seated floor, two rings of tiers.

const ARENA = { width: 800, height: 780, cx: 400, cy: 395, stage: { x: 300, y: 180, w: 200, h: 70 } };

export type ArenaPlan = { lower: number; upper: number; seatPitch: number };

export function arenaMap(plan: ArenaPlan): SeatMap {
  const { cx, cy } = ARENA;
  const from = -55;
  const to = 235;
  const floor: SectionShape[] = [
    gaSection("PIT", "Standing Pit", "前區企位", "ga", rectPath(290, 262, 220, 78, 8), [400, 301], 1800),
  ];
  const blocks = [[280, 75], [362, 76], [445, 75]] as const;
  blocks.forEach(([x, w], i) => {
    const letter = "ABC"[i];
    floor.push(boxSection({ x, y: 350, w, h: 90 }, { code: `V${letter}`, nameEn: `VIP Floor ${letter}`, nameZh: `VIP場內${letter}區`, zone: "vip", rows: 15, seatsPerRow: 16 }));
  });
  blocks.forEach(([x, w], i) => {
    const letter = "DEF"[i];
    floor.push(boxSection({ x, y: 450, w, h: 90 }, { code: `F${letter}`, nameEn: `Floor ${letter}`, nameZh: `場內${letter}區`, zone: "floor", rows: 15, seatsPerRow: 16 }));
  });
  const rings = [
    ...ringSections({ cx, cy, inner: [220, 225], outer: [285, 290], from, to, count: plan.lower, zone: "lower", firstNumber: 101, rows: 20, seatPitch: plan.seatPitch, obstructedEnds: 1 }),
    ...ringSections({ cx, cy, inner: [295, 300], outer: [370, 360], from, to, count: plan.upper, zone: "upper", firstNumber: 201, rows: 22, seatPitch: plan.seatPitch, obstructedEnds: 1 }),
  ];
  return { width: ARENA.width, height: ARENA.height, sections: [...floor, ...rings] };
}

// ---------------------------------------------------------------------------------------------
// Arena in the round: a square stage in the middle, seated floor on four sides, two full rings.

const ROUND = { width: 800, height: 800, cx: 400, cy: 400, stage: 60 };

export function inTheRoundMap(plan: ArenaPlan): SeatMap {
  const { cx, cy } = ROUND;
  const sides: [string, string, string, number][] = [
    ["E", "East", "東", 0], ["S", "South", "南", 90], ["W", "West", "西", 180], ["N", "North", "北", 270],
  ];
  const floor = sides.map(([code, en, zh, deg]): SectionShape => {
    const [labelX, labelY] = onEllipse(cx, cy, 132, 132, deg);
    return {
      code: `F${code}`,
      nameEn: `Floor ${en}`,
      nameZh: `場內${zh}區`,
      zone: "floor",
      path: ringSegmentPath(cx, cy, [92, 92], [175, 175], deg - 34, deg + 34),
      labelX: Math.round(labelX),
      labelY: Math.round(labelY),
      obstructed: false,
      generalAdmission: false,
      rows: 10,
      seatsPerRow: 22,
    };
  });
  const lower = ringSections({ cx, cy, inner: [190, 190], outer: [265, 265], from: -90, to: 270, count: plan.lower, zone: "lower", firstNumber: 101, rows: 20, seatPitch: plan.seatPitch, gap: 1.5 });
  const upper = ringSections({ cx, cy, inner: [280, 280], outer: [370, 370], from: -90, to: 270, count: plan.upper, zone: "upper", firstNumber: 201, rows: 18, seatPitch: plan.seatPitch, gap: 1.5 });
  // The camera and sound desk platform stands in front of the first upper section.
  upper[0] = { ...upper[0], obstructed: true };
  return { width: ROUND.width, height: ROUND.height, sections: [...floor, ...lower, ...upper] };
}

// ---------------------------------------------------------------------------------------------
// Theatre and concert hall: stalls, dress circle and balcony as fans below the stage.

const THEATRE = { width: 800, height: 620, cx: 400, cy: -160 };
const HALL = { width: 800, height: 700, cx: 400, cy: -80 };

export function theatreMap(kind: "theatre" | "hall"): SeatMap {
  const plan = kind === "hall" ? HALL : THEATRE;
  const { cx, cy } = plan;
  const dy = cy - THEATRE.cy;
  const seatPitch = 6.5;
  const fan = (code: string, nameEn: string, nameZh: string, zone: SectionZone, r: [number, number], from: number, to: number, rows: number, obstructed = false): SectionShape => {
    const [labelX, labelY] = onEllipse(cx, cy, (r[0] + r[1]) / 2, (r[0] + r[1]) / 2, (from + to) / 2);
    const mid = (r[0] + r[1]) / 2;
    return {
      code, nameEn, nameZh, zone,
      path: ringSegmentPath(cx, cy, [r[0], r[0]], [r[1], r[1]], from, to),
      labelX: Math.round(labelX),
      labelY: Math.round(labelY),
      obstructed,
      generalAdmission: false,
      rows,
      seatsPerRow: Math.round(arcLength(cx, cy, mid, mid, from, to) / seatPitch),
    };
  };
  // Angles under 90° lie on the audience's right (house right is stage left).
  const sections: SectionShape[] = [
    fan("PS", "Premium Stalls", "前座貴賓區", "vip", [280, 350], 81, 99, 6),
    fan("SC", "Stalls Centre", "正座中區", "lower", [355, 440], 81, 99, 8),
    fan("SR", "Stalls Right", "正座右區", "lower", [280, 440], 65, 80, 14),
    fan("SL", "Stalls Left", "正座左區", "lower", [280, 440], 100, 115, 14),
    fan("CR", "Dress Circle Right", "樓座右區", "middle", [460, 570], 62, 78, 9),
    fan("CC", "Dress Circle Centre", "樓座中區", "middle", [460, 570], 79, 101, 9),
    fan("CL", "Dress Circle Left", "樓座左區", "middle", [460, 570], 102, 118, 9),
    fan("BR", "Balcony Right", "露台右區", "balcony", [590, 700], 60, 77, 8, true),
    fan("BC", "Balcony Centre", "露台中區", "balcony", [590, 700], 78, 102, 8),
    fan("BL", "Balcony Left", "露台左區", "balcony", [590, 700], 103, 120, 8, true),
  ];
  if (kind === "theatre") {
    sections.push(
      boxSection({ x: 40, y: 120 + dy, w: 70, h: 140 }, { code: "XL", nameEn: "Box Left", nameZh: "左廂座", zone: "vip", rows: 4, seatsPerRow: 6, obstructed: true }),
      boxSection({ x: 690, y: 120 + dy, w: 70, h: 140 }, { code: "XR", nameEn: "Box Right", nameZh: "右廂座", zone: "vip", rows: 4, seatsPerRow: 6, obstructed: true }),
    );
  } else {
    // A concert hall seats a choir gallery behind the platform: it sees the conductor's face.
    sections.push(boxSection({ x: 220, y: 20, w: 360, h: 60 }, { code: "CH", nameEn: "Choir Gallery", nameZh: "合唱席", zone: "upper", rows: 5, seatsPerRow: 40, obstructed: true }, 10));
  }
  return { width: plan.width, height: plan.height, sections };
}

// ---------------------------------------------------------------------------------------------
// Park: a festival ground (all standing) or an amphitheatre fanning out from its shell.

const PARK = { width: 800, height: 800, stage: { x: 250, y: 20, w: 300, h: 80 } };

export function festivalGroundMap(): SeatMap {
  return {
    width: PARK.width,
    height: PARK.height,
    sections: [
      gaSection("PIT", "Front Pit", "舞台前區", "ga", polygonPath([[240, 130], [560, 130], [600, 260], [200, 260]]), [400, 195], 2500),
      gaSection("GA", "General Admission", "普通入場區", "ga", polygonPath([[190, 275], [610, 275], [680, 560], [120, 560]]), [400, 420], 12000),
      gaSection("VIP", "VIP Deck", "VIP觀景台", "vip", rectPath(662, 290, 110, 170, 12), [717, 375], 800),
      gaSection("LAWN", "Lawn", "草地區", "ga", rectPath(100, 580, 600, 190, 40), [400, 675], 6000, false),
    ],
  };
}

export function amphitheatreMap(): SeatMap {
  const cx = 400;
  const cy = 40;
  const squeeze = 0.85;
  const fanRing = (r: [number, number], from: number, to: number, count: number, zone: SectionZone, first: number, rows: number, name: (n: number) => [string, string], obstructedEnds = 0) =>
    ringSections({ cx, cy, inner: [r[0] * squeeze, r[0]], outer: [r[1] * squeeze, r[1]], from, to, count, zone, firstNumber: first, rows, seatPitch: 3.2, obstructedEnds, gap: 1.5, name });
  const pool = fanRing([110, 175], 40, 140, 1, "vip", 1, 8, () => ["Pool Circle", "池畔貴賓區"]);
  pool[0] = { ...pool[0], code: "POOL" };
  return {
    width: PARK.width,
    height: PARK.height,
    sections: [
      ...pool,
      ...fanRing([185, 260], 35, 145, 5, "vip", 1, 8, (n) => [`Garden Box ${n}`, `花園包廂${n}`]),
      ...fanRing([270, 330], 35, 145, 5, "lower", 11, 6, (n) => [`Terrace Box ${n}`, `露台包廂${n}`]),
      ...fanRing([340, 500], 40, 140, 7, "middle", 21, 24, (n) => [`Section ${n}`, `${n}區`]),
      ...fanRing([510, 680], 50, 130, 9, "upper", 31, 28, (n) => [`Bench ${n}`, `長凳${n}區`], 1),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Club: cabaret tables by a small stage, a standing floor and a bar balcony.

const CLUB = { width: 600, height: 480, stage: { x: 180, y: 20, w: 240, h: 60 } };

export function clubMap(): SeatMap {
  return {
    width: CLUB.width,
    height: CLUB.height,
    sections: [
      boxSection({ x: 130, y: 105, w: 340, h: 150 }, { code: "T", nameEn: "Cabaret Tables", nameZh: "餐桌座", zone: "vip", rows: 6, seatsPerRow: 10 }, 10),
      gaSection("STD", "Standing Floor", "企位區", "ga", rectPath(60, 270, 480, 105, 10), [300, 322], 180),
      gaSection("RAIL", "Bar Rail", "吧枱區", "ga", rectPath(485, 105, 85, 150, 8), [527, 180], 30, true),
      boxSection({ x: 60, y: 390, w: 480, h: 70 }, { code: "BAL", nameEn: "Balcony", nameZh: "閣樓座", zone: "balcony", rows: 2, seatsPerRow: 36 }, 10),
    ],
  };
}

// ---------------------------------------------------------------------------------------------

function stageBox(box: Box, width: number, height: number, base: { width: number; height: number }): StageOutline {
  const sx = width / base.width;
  const sy = height / base.height;
  const x = r1(box.x * sx);
  const y = r1(box.y * sy);
  const w = r1(box.w * sx);
  const h = r1(box.h * sy);
  return { path: rectPath(x, y, w, h), labelX: Math.round(x + w / 2), labelY: Math.round(y + h / 2) };
}

/**
 * The label of a section's row `index` (0 is the row nearest the stage). Theatres, halls and
 * clubs letter their rows, skipping I and O (they read as numbers), doubling the letters after Z;
 * bowls and parks number them from 1.
 */
export function rowLabel(kind: VenueKind, index: number): string {
  if (!["theatre", "hall", "club"].includes(kind)) return String(index + 1);
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  return index < letters.length ? letters[index]! : letters[index - letters.length]!.repeat(2);
}

/**
 * The stage (or platform) of a venue's seat map, for the UI to draw under the sections. Takes
 * the venue's kind and map size; a square arena map means a centre stage.
 */
export function stageOutline(venue: { kind: VenueKind; mapWidth: number; mapHeight: number }): StageOutline {
  const { kind, mapWidth: w, mapHeight: h } = venue;
  switch (kind) {
    case "stadium":
      return stageBox(STADIUM.stage, w, h, STADIUM);
    case "arena":
      if (w === h) {
        const half = (ROUND.stage * w) / ROUND.width;
        return stageBox({ x: w / 2 - half, y: h / 2 - half, w: 2 * half, h: 2 * half }, w, h, { width: w, height: h });
      }
      return stageBox(ARENA.stage, w, h, ARENA);
    case "theatre": {
      // A proscenium with an apron curving towards the stalls.
      const sx = w / THEATRE.width;
      const sy = h / THEATRE.height;
      const path = `M${r1(200 * sx)} ${r1(15 * sy)}H${r1(600 * sx)}V${r1(80 * sy)}Q${r1(400 * sx)} ${r1(112 * sy)} ${r1(200 * sx)} ${r1(80 * sy)}Z`;
      return { path, labelX: Math.round(400 * sx), labelY: Math.round(55 * sy) };
    }
    case "hall":
      return stageBox({ x: 260, y: 90, w: 280, h: 75 }, w, h, HALL);
    case "park":
      return stageBox(PARK.stage, w, h, PARK);
    case "club":
      return stageBox(CLUB.stage, w, h, CLUB);
  }
}
