/**
 * Showing an amount: our own symbol for the currency (HK$, not $), then the major units grouped
 * the way the viewer's language groups them, with the currency's decimals only when the amount
 * is not whole: HK$1,280, HK$1,280.50, ¥12,000. A negative amount leads with the minus sign.
 */
import type { Language } from "../context/language";

export interface CurrencyDisplay {
  /** ISO 4217 code. */
  code: string;
  /** Our symbol for it, from the currency list. */
  symbol: string;
  /** Digits after the decimal point (JPY and KRW have none). */
  minorUnits: number;
}

const groupers = new Map<string, Intl.NumberFormat>();
const decimalSeparators = new Map<string, string>();

function grouper(language: Language): Intl.NumberFormat {
  let format = groupers.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { useGrouping: true, maximumFractionDigits: 0 });
    groupers.set(language, format);
  }
  return format;
}

function decimalSeparator(language: Language): string {
  let separator = decimalSeparators.get(language);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
    decimalSeparators.set(language, separator);
  }
  return separator;
}

/**
 * An amount of minor units shown in `language`, e.g. 128000 HKD → 'HK$1,280', 128050 →
 * 'HK$1,280.50', 12000 JPY → '¥12,000'. Exact for any safe integer (grouping works on a BigInt,
 * never on a float). Throws RangeError for an amount that is not a safe integer.
 */
export function formatMoney(amountMinor: number, currency: CurrencyDisplay, language: Language): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError("amount must be a safe integer of minor units");
  const negative = amountMinor < 0;
  const magnitude = BigInt(Math.abs(amountMinor));
  const unit = 10n ** BigInt(currency.minorUnits);
  const major = grouper(language).format(magnitude / unit);
  const minor = magnitude % unit;
  const fraction =
    minor === 0n ? "" : decimalSeparator(language) + minor.toString().padStart(currency.minorUnits, "0");
  return `${negative ? "-" : ""}${currency.symbol}${major}${fraction}`;
}
