/**
 * The viewer's location (SPEC §4). A manual choice wins for 7 days from when it was made. Then
 * the stored location, or the detected one when nothing is stored, then Hong Kong. When the
 * detected location is known and differs from the stored one, the stored one stays in use and
 * the detected one is offered as a pending suggestion; no suggestion is offered while a manual
 * choice is valid, so declining keeps the prompt away for 7 days.
 */
import { matchLanguage, type Language } from "../context/language";

/** How long a manual location choice outranks detection: 7 days. */
export const MANUAL_LOCATION_TTL_MS = 604_800_000;

export const DEFAULT_LOCATION = { code: "HK", parentCode: "CN", phoneCode: "852" } as const;

/** The fixed mainland China location of the embedded partner channels. */
export const EMBEDDED_CHANNEL_LOCATION = { code: "CN", phoneCode: "86" } as const;

export interface ManualLocation {
  code: string;
  /** When the viewer chose it, epoch ms (stamped by our own clock). */
  setAt: number;
}

export type LocationSource = "manual" | "detected" | "stored" | "default";

export interface ResolvedLocation {
  code: string;
  source: LocationSource;
  /** A known detected location that differs from the stored one in use: offer to switch. */
  suggestion?: string;
}

export interface LocationInputs {
  manual?: ManualLocation | null;
  /** Location from the request's geolocation or the device's position. */
  detected?: string | null;
  /** Location kept from an earlier visit. */
  stored?: string | null;
  now: number;
  /** Codes of the locations we serve (not hidden); anything else is ignored. */
  known: readonly string[];
}

/**
 * True while a manual choice is in force: from setAt until, but not including, setAt + 7 days.
 * A choice stamped ahead of now counts as just made.
 */
export function isManualLocationValid(manual: ManualLocation | null | undefined, now: number): boolean {
  if (!manual || typeof manual.code !== "string" || !Number.isFinite(manual.setAt)) return false;
  return now - manual.setAt < MANUAL_LOCATION_TTL_MS;
}

/**
 * The location to use and where it came from: a valid known manual choice, else the known stored
 * location (with the known detected one as `suggestion` when they differ), else the known
 * detected location, else HK. Codes compare exactly.
 */
export function resolveLocation(inputs: LocationInputs): ResolvedLocation {
  const isKnown = (code: string | null | undefined): code is string =>
    typeof code === "string" && inputs.known.includes(code);

  if (inputs.manual && isManualLocationValid(inputs.manual, inputs.now) && isKnown(inputs.manual.code)) {
    return { code: inputs.manual.code, source: "manual" };
  }
  const detected = isKnown(inputs.detected) ? inputs.detected : undefined;
  if (isKnown(inputs.stored)) {
    if (detected && detected !== inputs.stored) {
      return { code: inputs.stored, source: "stored", suggestion: detected };
    }
    return { code: inputs.stored, source: "stored" };
  }
  if (detected) return { code: detected, source: "detected" };
  return { code: DEFAULT_LOCATION.code, source: "default" };
}

/** What to keep after the viewer answers a location suggestion. */
export interface LocationChoice {
  /** The new stored location. */
  stored: string;
  /** The new manual location, stamped now, which holds detection off for 7 days. */
  manual: ManualLocation;
  /** The language to set as the manual choice; absent when the location's is not one we show. */
  language?: Language;
  /** The currency to set as the manual choice; absent when the location has none. */
  currency?: string;
}

/**
 * Accepting a suggestion: the suggested location becomes both stored and manual, and its default
 * language and currency become the manual language and currency, so they outrank the device's
 * languages and any earlier currency choice.
 */
export function acceptLocationSuggestion(
  suggested: { code: string; languageCode?: string | null; currencyCode?: string | null },
  now: number,
): LocationChoice {
  const choice: LocationChoice = { stored: suggested.code, manual: { code: suggested.code, setAt: now } };
  const language = matchLanguage(suggested.languageCode);
  if (language) choice.language = language;
  if (suggested.currencyCode) choice.currency = suggested.currencyCode.trim().toUpperCase();
  return choice;
}

/**
 * Declining a suggestion: the location in use becomes the manual choice, stamped now, so it stays
 * and the suggestion is not offered again for 7 days. Language and currency are left alone.
 */
export function declineLocationSuggestion(current: string, now: number): LocationChoice {
  return { stored: current, manual: { code: current, setAt: now } };
}
