/** What the payments domain needs from outside, through the context's payment port. */
import type { MarketContext } from "../context";

export { defaultPaymentDeps, type PaymentDeps } from "../context/payment-port";

/**
 * True when the sandbox may be used (its page shown, its callbacks believed): only where it is
 * the provider taking payments, never in production, where its default signing secret is public.
 */
export function sandboxAllowed(ctx: Pick<MarketContext, "payments" | "viewer">): boolean {
  return ctx.payments.activeProviderName(ctx.viewer.environment) === "sandbox";
}
