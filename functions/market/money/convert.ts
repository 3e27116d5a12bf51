/**
 * Converting between currencies through their USD rates. Each currency carries perUsdMicros,
 * its units per 1 USD times 1,000,000, so a conversion is one exact integer fraction:
 *
 *   target minor = amount minor × to.perUsdMicros × 10^to.minorUnits
 *                  ÷ (from.perUsdMicros × 10^from.minorUnits)
 *
 * computed in BigInt and rounded once, half up: a remainder of exactly one half or more rounds
 * away from zero, so a refund converts to the exact negation of its charge.
 */

export interface CurrencyRate {
  /** ISO 4217 code. */
  code: string;
  /** Digits after the decimal point (JPY and KRW have none). */
  minorUnits: number;
  /** Units of this currency per 1 USD, times 1,000,000. */
  perUsdMicros: number;
}

/** Significant digits of an exchange rate shown or recorded on an order. */
export const EXCHANGE_RATE_SIGNIFICANT_DIGITS = 6;

function assertRate(currency: CurrencyRate): void {
  if (!Number.isSafeInteger(currency.perUsdMicros) || currency.perUsdMicros <= 0) {
    throw new RangeError(`${currency.code} has no usable USD rate`);
  }
  if (!Number.isInteger(currency.minorUnits) || currency.minorUnits < 0 || currency.minorUnits > 6) {
    throw new RangeError(`${currency.code} has an impossible number of minor units`);
  }
}

/** numerator ÷ denominator (denominator > 0), rounded half away from zero. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * An amount in minor units of `from`, converted to minor units of `to`, rounded half up (see the
 * folder rules). The same code returns the amount unchanged. Throws RangeError for an amount
 * that is not a safe integer, a currency without a positive rate, or a result too large to hold.
 */
export function convert(amountMinor: number, from: CurrencyRate, to: CurrencyRate): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError("amount must be a safe integer of minor units");
  if (from.code === to.code) return amountMinor;
  assertRate(from);
  assertRate(to);
  const numerator = BigInt(amountMinor) * BigInt(to.perUsdMicros) * 10n ** BigInt(to.minorUnits);
  const denominator = BigInt(from.perUsdMicros) * 10n ** BigInt(from.minorUnits);
  const result = divideRoundHalfUp(numerator, denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError("converted amount is too large");
  }
  return Number(result);
}

/**
 * How many major units of `to` one major unit of `from` buys, as a plain decimal string with
 * exactly 6 significant digits, rounded half up: HKD→USD '0.128205', USD→HKD '7.80000',
 * USD→JPY '150.000'. Never uses exponent notation. Throws RangeError for a currency without a
 * positive rate.
 */
export function exchangeRate(from: CurrencyRate, to: CurrencyRate): string {
  assertRate(from);
  assertRate(to);
  return toSignificant(BigInt(to.perUsdMicros), BigInt(from.perUsdMicros), EXCHANGE_RATE_SIGNIFICANT_DIGITS);
}

/** numerator ÷ denominator (both > 0) written with `digits` significant digits. */
function toSignificant(numerator: bigint, denominator: bigint, digits: number): string {
  const low = 10n ** BigInt(digits - 1);
  const high = 10n ** BigInt(digits);
  // scale: the power of ten that brings the quotient's integer part to exactly `digits` digits.
  let scale = digits - (numerator.toString().length - denominator.toString().length);
  const scaled = (power: number) =>
    power >= 0 ? (numerator * 10n ** BigInt(power)) / denominator : numerator / (denominator * 10n ** BigInt(-power));
  while (scaled(scale) >= high) scale -= 1;
  while (scaled(scale) < low) scale += 1;
  let significand =
    scale >= 0
      ? divideRoundHalfUp(numerator * 10n ** BigInt(scale), denominator)
      : divideRoundHalfUp(numerator, denominator * 10n ** BigInt(-scale));
  if (significand === high) {
    // 9.999995 rounds up to 10.0000: one more integer digit, one fewer decimal.
    significand /= 10n;
    scale -= 1;
  }
  const text = significand.toString();
  if (scale <= 0) return text + "0".repeat(-scale);
  const padded = text.padStart(scale + 1, "0");
  return `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
}
