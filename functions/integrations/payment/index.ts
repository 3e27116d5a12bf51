/**
 * The payment port and its adapters. The payments domain names a provider (the one a payment was
 * made with, or the active one for a new payment) and gets its adapter here.
 */
import type { PaymentProviderName } from "../../db/schema";
import type { PaymentProvider } from "./port";
import { sandboxProvider } from "./sandbox";
import { stripeProvider } from "./stripe";

export * from "./port";
export { activeProviderName, sandboxAllowed } from "./config";
export { sandboxCallback, SANDBOX_PAGE_PATH, SANDBOX_SIGNATURE_HEADER } from "./sandbox";

export function paymentProvider(env: Env, name: PaymentProviderName): PaymentProvider {
  switch (name) {
    case "sandbox":
      return sandboxProvider(env);
    case "stripe":
      return stripeProvider(env);
  }
}
