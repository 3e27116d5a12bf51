/**
 * Which payment provider takes payments, from the Worker's secrets. With Stripe's keys set,
 * Stripe; without them, the sandbox, our own hosted page with Approve and Decline, which is the
 * local default. The sandbox never takes payments in production, and elsewhere only with its own
 * SANDBOX_PAYMENT_SECRET: its default signing secret is in this repository, so outside the local
 * demo (config/deployment.ts) anyone could sign its callbacks and have tickets for nothing.
 */
import type { PaymentProviderName } from "../../db/schema";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signs the sandbox's callbacks; only the local demo uses a default when unset. */
      SANDBOX_PAYMENT_SECRET?: string;
      /** Stripe's secret API key (sk_…): payments go through Stripe when it is set. */
      STRIPE_SECRET_KEY?: string;
      /** Signs Stripe's webhooks to us (whsec_…). */
      STRIPE_WEBHOOK_SECRET?: string;
      /** Handed to the browser to complete a payment with Stripe.js (pk_…). */
      STRIPE_PUBLISHABLE_KEY?: string;
    }
  }
}

/** The provider new payments go to, or null when none may take payments here. */
export function activeProviderName(env: Env, environment: string): PaymentProviderName | null {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  if (environment === "production") return null;
  return env.SANDBOX_PAYMENT_SECRET || (env.LOCAL_DEMO === "true" && environment === "dev") ? "sandbox" : null;
}
