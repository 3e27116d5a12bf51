/**
 * The viewer's display currency: a manual choice first, then the currency of the viewer's
 * location, then the stored one, then HKD. Only currencies we list count; ISO 4217 codes are
 * compared upper-cased.
 */

export const DEFAULT_CURRENCY = {
  currencyCode: "HKD",
  currencyName: "HongKong Dollars",
  currencySymbol: "HK$",
} as const;

export interface CurrencyInputs {
  manual?: string | null;
  /** The default currency of the resolved location. */
  locationCurrency?: string | null;
  stored?: string | null;
  /** Codes of the currencies we list. */
  known: readonly string[];
}

/** A listed ISO 4217 code for the value (trimmed, upper-cased), or undefined. */
export function matchCurrency(value: string | null | undefined, known: readonly string[]): string | undefined {
  if (typeof value !== "string") return undefined;
  const code = value.trim().toUpperCase();
  return known.some((candidate) => candidate.toUpperCase() === code) ? code : undefined;
}

/** The currency to show prices in: manual, else the location's, else stored, else HKD. */
export function resolveCurrency(inputs: CurrencyInputs): string {
  return (
    matchCurrency(inputs.manual, inputs.known) ??
    matchCurrency(inputs.locationCurrency, inputs.known) ??
    matchCurrency(inputs.stored, inputs.known) ??
    DEFAULT_CURRENCY.currencyCode
  );
}
