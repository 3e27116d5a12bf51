/** What the payments domain needs from outside: the adapter of a named provider. */
import type { PaymentProviderName } from "../../db/schema";
import { paymentProvider, type PaymentProvider } from "../../integrations/payment";
import type { MarketContext } from "../context";

export interface PaymentDeps {
  /** The adapter of a provider; tests replace it to play a provider that fails. */
  provider: (name: PaymentProviderName) => PaymentProvider;
}

export function defaultPaymentDeps(ctx: Pick<MarketContext, "env">): PaymentDeps {
  return { provider: (name) => paymentProvider(ctx.env, name) };
}
