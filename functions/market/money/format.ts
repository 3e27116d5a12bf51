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

/**
 * How each language writes a number. Written out rather than asked of Intl: the first
 * Intl.NumberFormat a page builds loads the browser's number data (20-30 ms on a phone's core,
 * while the page hydrates, to write prices the server already wrote), and a table gives the
 * server and every browser the same characters. A new language needs its entry to compile.
 */
const NUMBER_SYMBOLS: Record<Language, { group: string; decimal: string }> = {
  "en-US": { group: ",", decimal: "." },
  "zh-HK": { group: ",", decimal: "." },
};

/** Whole major units in groups of three: 1234567 → '1,234,567'. */
function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
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
  const symbols = NUMBER_SYMBOLS[language] ?? NUMBER_SYMBOLS["en-US"];
  const major = grouped((magnitude / unit).toString(), symbols.group);
  const minor = magnitude % unit;
  const fraction = minor === 0n ? "" : symbols.decimal + minor.toString().padStart(currency.minorUnits, "0");
  return `${negative ? "-" : ""}${currency.symbol}${major}${fraction}`;
}
