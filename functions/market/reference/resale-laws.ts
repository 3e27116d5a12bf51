/**
 * Resale price law as data: one rule per law, with its source and the day it was checked
 * (/work/shared/research/resale-laws.md, 2026-11-25). Which rules bind a listing is decided by
 * the jurisdiction of the session's venue and the flags of the venue and the event:
 *
 * - `all_events`: every event in the jurisdiction (Taiwan's performance tickets, Belgium).
 * - `designated_event`: events designated, specified or declared (Japan 2019, Victoria, NZ, Ireland).
 * - `designated_venue`: designated venues (Ireland ≥1,000 seats, Queensland's major sports facilities).
 * - `restricted_ticket`: tickets carrying a resale restriction (NSW, South Australia, Western Australia).
 * - `licensed_venue`: licensed places only (Hong Kong Cap. 172 s.6 does not reach LCSD venues).
 *
 * A rule binds when any of its triggers holds, and only sellers of its kind (`traders` for laws
 * that reach resale as a business only). Several rules may bind one listing: the lowest cap wins
 * and the disclosures add up. Laws that only exist as bills or consultations are left out
 * (docs/decisions.md #91, #92).
 */
import type { SellerKind } from "../../db/schema";

export type ResaleTrigger = "all_events" | "designated_event" | "designated_venue" | "restricted_ticket" | "licensed_venue";
/** `face_value`: not above face value; `face_value_plus_10`: not above 110% of it. */
export type ResaleCap = "face_value" | "face_value_plus_10";
/** What a listing must show buyers. */
export type Disclosure = "seat" | "face_value" | "restriction" | "ticket_number" | "trader_identity";

export interface ResaleRule {
  id: string;
  jurisdiction: string;
  law: { en: string; zh: string };
  cap: ResaleCap | null;
  triggers: ResaleTrigger[];
  sellers: "all" | "traders";
  disclose: Disclosure[];
  source: string;
  checked: string;
  confirmed: boolean;
}

const CHECKED = "2026-11-25";

export const RESALE_RULES: readonly ResaleRule[] = [
  {
    id: "HK-CAP172-S6",
    jurisdiction: "HK",
    law: { en: "Places of Public Entertainment Ordinance (Cap. 172) s.6", zh: "《公眾娛樂場所條例》（第172章）第6條" },
    cap: "face_value",
    triggers: ["licensed_venue"],
    sellers: "all",
    disclose: [],
    source: "LegCo LCQ7 2014-05-21 (info.gov.hk P201405210465); LCSD venues exempt by Cap. 172D s.2, LCQ14 2018-03-21 (P2018032100326)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "TW-CCIA-10-1",
    jurisdiction: "TW",
    law: { en: "Development of the Cultural and Creative Industries Act, Art. 10-1", zh: "《文化創意產業發展法》第10條之1" },
    cap: "face_value",
    triggers: ["all_events"],
    sellers: "all",
    disclose: [],
    source: "Taipei Times 2023-06-03; Taiwan News 2023-05-12 (in force about 2023-06-02)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "JP-ACT-103-2018",
    jurisdiction: "JP",
    law: { en: "Ticket Resale Act (Act No. 103 of 2018)", zh: "日本《特定演出入場券不當轉售禁止法》（2018年第103號法律）" },
    cap: "face_value",
    triggers: ["designated_event"],
    sellers: "traders",
    disclose: [],
    source: "japaneselawtranslation.go.jp/ja/laws/view/3356 (in force 2019-06-14)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "KR-PERFORMANCE-ACT-2026",
    jurisdiction: "KR",
    law: { en: "Public Performance Act (2026 amendment)", zh: "韓國《公演法》（2026年修訂）" },
    cap: "face_value",
    triggers: ["all_events"],
    sellers: "traders",
    disclose: [],
    source: "Straits Times 2026-01-30; KoreaBizwire 2025-11-28 (passed 2026-01-29; effective date unconfirmed)",
    checked: CHECKED,
    confirmed: false,
  },
  {
    id: "AU-NSW-FTA-4A",
    jurisdiction: "AU-NSW",
    law: { en: "Fair Trading Act 1987 (NSW) Part 4A", zh: "新南威爾斯《1987年公平交易法》第4A部" },
    cap: "face_value_plus_10",
    triggers: ["restricted_ticket"],
    sellers: "all",
    disclose: ["face_value", "seat"],
    source: "legislation.nsw.gov.au act-2017-052; fairtrading.nsw.gov.au (from 2018-06-01)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "AU-VIC-MEA-2009",
    jurisdiction: "AU-VIC",
    law: { en: "Major Events Act 2009 (Vic)", zh: "維多利亞《2009年大型活動法》" },
    cap: "face_value_plus_10",
    triggers: ["designated_event"],
    sellers: "all",
    disclose: ["face_value", "seat"],
    source: "djsir.vic.gov.au/ticket-scalping",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "AU-QLD-MSFA-4A",
    jurisdiction: "AU-QLD",
    law: { en: "Major Sports Facilities Act 2001 (Qld) Part 4A", zh: "昆士蘭《2001年大型體育設施法》第4A部" },
    cap: "face_value_plus_10",
    triggers: ["designated_venue"],
    sellers: "all",
    disclose: [],
    source: "Queensland ministerial statements 2006-10-31, 2006-11-28",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "AU-SA-FTA-4A",
    jurisdiction: "AU-SA",
    law: { en: "Fair Trading Act 1987 (SA) Part 4A", zh: "南澳《1987年公平交易法》第4A部" },
    cap: "face_value_plus_10",
    triggers: ["restricted_ticket"],
    sellers: "all",
    disclose: [],
    source: "lawhandbook.sa.gov.au; SA Hansard 2018-06-21",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "AU-WA-TSA-2021",
    jurisdiction: "AU-WA",
    law: { en: "Ticket Scalping Act 2021 (WA)", zh: "西澳《2021年炒賣門票法》" },
    cap: "face_value_plus_10",
    triggers: ["restricted_ticket"],
    sellers: "all",
    disclose: ["face_value", "seat"],
    source: "commerce.wa.gov.au/consumer-protection/ticket-reselling (from 2021-09-10)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "NZ-MEMA-2007",
    jurisdiction: "NZ",
    law: { en: "Major Events Management Act 2007 (NZ)", zh: "紐西蘭《2007年大型活動管理法》" },
    cap: "face_value",
    triggers: ["designated_event"],
    sellers: "all",
    disclose: [],
    source: "majorevents.govt.nz; NZ Herald",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "GB-CRA-2015-S90",
    jurisdiction: "GB",
    law: { en: "Consumer Rights Act 2015 s.90", zh: "英國《2015年消費者權利法》第90條" },
    cap: null,
    triggers: ["all_events"],
    sellers: "all",
    disclose: ["seat", "restriction", "face_value", "ticket_number", "trader_identity"],
    source: "legislation.gov.uk ukpga/2015/15 s.90; Digital Economy Act 2017 s.105",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "IE-SOTA-2021-S15",
    jurisdiction: "IE",
    law: { en: "Sale of Tickets Act 2021 s.15", zh: "愛爾蘭《2021年門票銷售法》第15條" },
    cap: "face_value",
    triggers: ["designated_venue", "designated_event"],
    sellers: "all",
    disclose: ["face_value", "seat"],
    source: "irishstatutebook.ie eli/2021/act/21 (in force 2021-07-31)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "BE-LAW-2013-07-30",
    jurisdiction: "BE",
    law: { en: "Belgian Law of 30 July 2013 on the resale of event tickets", zh: "比利時《2013年7月30日活動門票轉售法》" },
    cap: "face_value",
    triggers: ["all_events"],
    sellers: "all",
    disclose: [],
    source: "global-regulation.com translation of the Act; Lexgo/CMS (in force 2013-10-01)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "EU-DSA-TRADER",
    jurisdiction: "EU",
    law: { en: "EU Digital Services Act (trader traceability)", zh: "歐盟《數碼服務法》（商家身份）" },
    cap: null,
    triggers: ["all_events"],
    sellers: "traders",
    disclose: ["trader_identity"],
    source: "Pollstar 2024-02-16; FEAT via festivalinsights 2024-02 (applicable 2024-02-17)",
    checked: CHECKED,
    confirmed: true,
  },
  {
    id: "US-ME-PL-2025-354",
    jurisdiction: "US-ME",
    law: { en: "Maine Public Law 2025 ch. 354", zh: "美國緬因州《2025年公法》第354章" },
    cap: "face_value_plus_10",
    triggers: ["all_events"],
    sellers: "all",
    disclose: ["face_value", "seat"],
    source: "Pollstar 2025-06-20; TicketNews 2025-09 (in force 2025-09-24)",
    checked: CHECKED,
    confirmed: true,
  },
];

/** Jurisdictions whose rules also bind a member (the EU's for its member states). */
export const MEMBER_OF: Readonly<Record<string, string[]>> = { IE: ["EU"], FR: ["EU"], BE: ["EU"], IT: ["EU"], DE: ["EU"] };

/** A city's jurisdiction when a venue does not name its own (Los Angeles is California's). */
export const CITY_JURISDICTION: Readonly<Record<string, string>> = {
  HKG: "HK",
  MFM: "MO",
  TPE: "TW",
  SIN: "SG",
  BKK: "TH",
  TYO: "JP",
  SEL: "KR",
  LON: "GB",
  LAX: "US-CA",
};

export function jurisdictionOf(cityCode: string, venueOverride: string | null): string {
  return venueOverride ?? CITY_JURISDICTION[cityCode] ?? cityCode;
}

export interface ResaleFacts {
  jurisdiction: string;
  licensedVenue: boolean;
  designatedVenue: boolean;
  designatedEvent: boolean;
  restrictedTicket: boolean;
  sellerKind: SellerKind;
}

function triggered(trigger: ResaleTrigger, facts: ResaleFacts): boolean {
  switch (trigger) {
    case "all_events":
      return true;
    case "designated_event":
      return facts.designatedEvent;
    case "designated_venue":
      return facts.designatedVenue;
    case "restricted_ticket":
      return facts.restrictedTicket;
    case "licensed_venue":
      return facts.licensedVenue;
  }
}

/** Every rule binding a listing with these facts, in catalogue order. */
export function bindingRules(facts: ResaleFacts): ResaleRule[] {
  const jurisdictions = new Set([facts.jurisdiction, ...(MEMBER_OF[facts.jurisdiction] ?? [])]);
  return RESALE_RULES.filter(
    (rule) =>
      jurisdictions.has(rule.jurisdiction) &&
      (rule.sellers === "all" || facts.sellerKind === "trader") &&
      rule.triggers.some((trigger) => triggered(trigger, facts)),
  );
}

/** The highest price per ticket `cap` allows over `faceValueMinor` (rounded down: never above the law). */
export function capAmount(cap: ResaleCap, faceValueMinor: number): number {
  return cap === "face_value" ? faceValueMinor : Math.floor((faceValueMinor * 110) / 100);
}

export interface ResaleVerdict {
  rules: ResaleRule[];
  /** The rule whose cap is lowest, and that cap; null when no binding rule caps the price. */
  capping: { rule: ResaleRule; capMinor: number } | null;
  disclose: Disclosure[];
}

/** What the law asks of a listing with these facts and this face value. */
export function resaleVerdict(facts: ResaleFacts, faceValueMinor: number): ResaleVerdict {
  const rules = bindingRules(facts);
  let capping: ResaleVerdict["capping"] = null;
  for (const rule of rules) {
    if (!rule.cap) continue;
    const capMinor = capAmount(rule.cap, faceValueMinor);
    if (!capping || capMinor < capping.capMinor) capping = { rule, capMinor };
  }
  const disclose = [...new Set(rules.flatMap((rule) => rule.disclose))];
  return { rules, capping, disclose };
}

export function ruleById(id: string | null): ResaleRule | null {
  return RESALE_RULES.find((rule) => rule.id === id) ?? null;
}
