/**
 * A viewer choosing how to see the market: a language, a currency, a location (a country/region
 * or a city inside one), or an answer to a location suggestion (SPEC §4). Each function checks
 * the choice against the reference data and returns what to keep; where it is kept (cookies on
 * the web, the app's own storage behind the API) is the door's business.
 *
 * The input shapes are in choice-schemas.ts, which the browser imports too.
 */
import { loadReference, type LocationRow, type Reference } from "../reference";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { currencyChoiceSchema, languageChoiceSchema, locationChoiceSchema, themeChoiceSchema } from "./choice-schemas";
import type { Language } from "../context/language";
import type { Theme } from "./theme";
import { acceptLocationSuggestion, declineLocationSuggestion } from "./location";
import { isOffered, toCurrencyOption, toLocationOption, type CurrencyOption, type LocationOption } from "./options";

/** A location to keep: the region, the city inside it (or the whole region), and when it was chosen. */
export interface LocationToKeep {
  region: string;
  city: string | null;
  /** Epoch ms from the context's clock; a manual choice is in force for 7 days from it. */
  setAt: number;
}

/** What to keep after a choice; absent fields stay as they are. */
export interface PreferenceChange {
  language?: Language;
  currency?: string;
  location?: LocationToKeep;
  theme?: Theme;
}

type ReferenceContext = Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">;

/** A language to show the market in. Throws invalidParam (language) for one we do not speak. */
export function chooseLanguage(input: { language: string }): PreferenceChange & { language: Language } {
  const parsed = languageChoiceSchema.safeParse(input);
  if (!parsed.success) throw invalidChoice("language");
  return { language: parsed.data.language };
}

/** A theme to draw the app in (system, light, dark). Throws invalidParam (theme) for another. */
export function chooseTheme(input: { theme: string }): PreferenceChange & { theme: Theme } {
  const parsed = themeChoiceSchema.safeParse(input);
  if (!parsed.success) throw invalidChoice("theme");
  return { theme: parsed.data.theme };
}

/**
 * A currency to show prices in. Throws invalidParam (currency) for one we do not list. Returns the
 * change and the currency named in the viewer's language (for the confirmation).
 */
export async function chooseCurrency(
  ctx: ReferenceContext,
  input: { currency: string },
): Promise<{ change: PreferenceChange & { currency: string }; currency: CurrencyOption }> {
  const parsed = currencyChoiceSchema.safeParse(input);
  const reference = await loadReference(ctx);
  const row = parsed.success ? reference.currencyByCode.get(parsed.data.currency) : undefined;
  if (!row) throw invalidChoice("currency");
  return { change: { currency: row.code }, currency: toCurrencyOption(row, ctx.viewer.language) };
}

/**
 * A location chosen by hand: a country/region (the whole region) or a city (its region with it).
 * It becomes the manual location, stamped now, in force for 7 days. Throws invalidParam
 * (location) for a location we do not list or do not offer (the embedded channels' mainland
 * China). Language and currency are left alone: a currency chosen by hand is kept, and without
 * one prices follow the new location's currency.
 */
export async function chooseLocation(
  ctx: ReferenceContext,
  input: { location: string },
): Promise<{ change: PreferenceChange & { location: LocationToKeep }; region: LocationOption; city: LocationOption | null }> {
  const reference = await loadReference(ctx);
  const { region, city } = offeredLocation(reference, input.location);
  return {
    change: { location: { region: region.code, city: city?.code ?? null, setAt: ctx.now() } },
    region: toLocationOption(region, ctx.viewer.language),
    city: city ? toLocationOption(city, ctx.viewer.language) : null,
  };
}

/**
 * The viewer's answer to a location suggestion (SPEC §4). Accepting makes the suggested location
 * the manual one and sets its language and currency; declining makes the location in use the
 * manual one, so the suggestion stays away for 7 days. Throws invalidParam (location) when the
 * suggested location is not one we offer.
 */
export async function answerLocationSuggestion(
  ctx: ReferenceContext,
  input: { intent: "accept" | "decline"; location: string },
): Promise<{ change: PreferenceChange & { location: LocationToKeep }; region: LocationOption }> {
  const reference = await loadReference(ctx);
  const now = ctx.now();
  if (input.intent === "decline") {
    const current = declineLocationSuggestion(ctx.viewer.location, now);
    const region = reference.locationByCode.get(current.stored) ?? reference.locationByCode.get("HK");
    if (!region) throw new Error("reference data has no Hong Kong location");
    return {
      change: { location: { region: region.code, city: ctx.viewer.city, setAt: current.manual.setAt } },
      region: toLocationOption(region, ctx.viewer.language),
    };
  }
  const { region } = offeredLocation(reference, input.location);
  const accepted = acceptLocationSuggestion(
    { code: region.code, languageCode: region.languageCode, currencyCode: region.currencyCode },
    now,
  );
  const change: PreferenceChange & { location: LocationToKeep } = {
    location: { region: accepted.stored, city: null, setAt: accepted.manual.setAt },
  };
  if (accepted.language) change.language = accepted.language;
  if (accepted.currency && reference.currencyByCode.has(accepted.currency)) change.currency = accepted.currency;
  const language = change.language ?? ctx.viewer.language;
  return { change, region: toLocationOption(region, language) };
}

/** The region (and city) a location code names, when we offer it; else invalidParam (location). */
function offeredLocation(reference: Reference, code: string): { region: LocationRow; city: LocationRow | null } {
  const parsed = locationChoiceSchema.safeParse({ location: code });
  const row = parsed.success ? reference.locationByCode.get(parsed.data.location) : undefined;
  if (!row || !isOffered(reference, row)) throw invalidChoice("location");
  if (row.kind === "region") return { region: row, city: null };
  const region = row.parentCode ? reference.locationByCode.get(row.parentCode) : undefined;
  if (!region) throw invalidChoice("location");
  return { region, city: row };
}

function invalidChoice(field: "language" | "currency" | "location" | "theme"): MarketError {
  return new MarketError("invalidParam", { params: { field, reason: `unknown ${field}` } });
}
