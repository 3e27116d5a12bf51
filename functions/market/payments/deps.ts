/** What the payments domain needs from outside, through the context's payment port. */
import type { PaymentProviderName } from "../../db/schema";
import type { MarketContext } from "../context";
import type { PaymentProvider } from "../context/payment-port";

export interface PaymentDeps {
  /** The adapter of a provider; tests replace it to play a provider that fails. */
  provider: (name: PaymentProviderName) => PaymentProvider;
}

export function defaultPaymentDeps(ctx: Pick<MarketContext, "payments">): PaymentDeps {
  return { provider: (name) => ctx.payments.provider(name) };
}

/**
 * True when the sandbox may be used (its page shown, its callbacks believed): only where it is
 * the provider taking payments, never in production, where its default signing secret is public.
 */
export function sandboxAllowed(ctx: Pick<MarketContext, "payments" | "viewer">): boolean {
  return ctx.payments.activeProviderName(ctx.viewer.environment) === "sandbox";
}
