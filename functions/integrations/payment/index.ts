/**
 * The payment adapters behind the domain's payment port (market/context/payment-port.ts): the
 * payments domain names a provider (the one a payment was made with, or the active one for a new
 * payment) and gets its adapter here.
 */
import type { PaymentProviderName } from "../../db/schema";
import type { PaymentPort, PaymentProvider } from "../../market/context/payment-port";
import { activeProviderName } from "./config";
import { sandboxCallback, sandboxCardFingerprint, sandboxProvider } from "./sandbox";
import { stripeProvider } from "./stripe";

export * from "../../market/context/payment-port";
export { activeProviderName } from "./config";
export { sandboxCallback, sandboxCardFingerprint, SANDBOX_PAGE_PATH, SANDBOX_SIGNATURE_HEADER } from "./sandbox";

export function paymentProvider(env: Env, name: PaymentProviderName): PaymentProvider {
  switch (name) {
    case "sandbox":
      return sandboxProvider(env);
    case "stripe":
      return stripeProvider(env);
  }
}

/** The payment port over the Worker's secrets. */
export function paymentPort(env: Env): PaymentPort {
  return {
    provider: (name) => paymentProvider(env, name),
    activeProviderName: (environment) => activeProviderName(env, environment),
    sandboxCallback: (input) => sandboxCallback(env, input),
    sandboxCardFingerprint: (digits) => sandboxCardFingerprint(env, digits),
  };
}
