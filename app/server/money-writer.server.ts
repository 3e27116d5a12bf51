/**
 * Amounts written the way the viewer reads them, with our own currency symbols (HK$, not $),
 * on the server, so a page reads the same with or without JavaScript.
 */
import type { AppLoadContext } from "react-router";
import { loadReference } from "@market/reference";
import { formatMoney } from "@market/money/format";

export type WriteMoney = (amount: number, code: string) => string;

export async function moneyWriter(context: AppLoadContext): Promise<WriteMoney> {
  const reference = await loadReference(context.market);
  const language = context.market.viewer.language;
  return (amount, code) => {
    const currency = reference.currencyByCode.get(code);
    return formatMoney(amount, currency ? { code, symbol: currency.symbol, minorUnits: currency.minorUnits } : { code, symbol: `${code} `, minorUnits: 2 }, language);
  };
}
