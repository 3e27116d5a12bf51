/**
 * Amounts as people type them and as forms show them: major-unit decimal strings ("128.50"),
 * turned into a currency's integer minor units and back, exactly (no floats). After-sales
 * applications, support's decisions and listing prices all read typed amounts this way. Pure and
 * free of imports: the browser's forms use it too.
 */

/**
 * A major-unit decimal string in a currency's minor units ("128.50", 2 → 12850), or null when it
 * has more decimals than the currency has (JPY "100.5"). Exact: no floats.
 */
export function toMinorUnits(amount: string, minorUnits: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const [, whole = "0", rawFraction = ""] = match;
  const fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length > minorUnits) return null;
  const minor = Number(whole) * 10 ** minorUnits + Number(fraction.padEnd(minorUnits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the major-unit string the form shows and takes back (12850, 2 → "128.50"; 12800 → "128"). */
export function toMajorString(amountMinor: number, minorUnits: number): string {
  const unit = 10 ** minorUnits;
  const whole = Math.floor(amountMinor / unit);
  const minor = amountMinor % unit;
  return minor === 0 ? String(whole) : `${whole}.${String(minor).padStart(minorUnits, "0")}`;
}
