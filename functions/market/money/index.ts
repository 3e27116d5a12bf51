/**
 * Money is an integer number of minor units beside an ISO 4217 code, never a float. A listing
 * is priced in its trade currency; the viewer sees it in the display currency, converted through
 * USD rates kept as integers (perUsdMicros) and rounded once, half up; the rate used is recorded
 * on the order as a 6-significant-digit decimal string. Shown amounts use our own symbol and
 * drop the decimals of whole amounts.
 */
/** An amount a viewer sees: integer minor units of an ISO 4217 currency. */
export interface Money {
  amount: number;
  currency: string;
}

export * from "./convert";
export * from "./format";
