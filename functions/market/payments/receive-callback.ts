/**
 * A provider's callback (webhook) arriving: verified by its provider's adapter, then applied.
 * A callback that fails verification changes nothing and is refused; one we do not act on is
 * acknowledged, so the provider stops resending it.
 */
import { PAYMENT_PROVIDERS, type PaymentProviderName } from "../../db/schema";
import { CallbackRejected } from "../context/payment-port";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { applyPaymentEvent, type AppliedPaymentEvent } from "./apply-event";
import { applyAuthorization } from "./authorize";
import { defaultPaymentDeps, sandboxAllowed, type PaymentDeps } from "./deps";

export function isPaymentProviderName(value: string): value is PaymentProviderName {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Verifies and applies one callback. Takes the provider named by the callback's path and the
 * raw request. Throws notFound (no such provider, or the sandbox where it is not allowed);
 * invalidParam (signature or body not genuine; nothing recorded). Side effects: as
 * applyPaymentEvent, or for an authorisation applyAuthorization. Returns null for a genuine event
 * we do not act on.
 */
export async function receivePaymentCallback(
  ctx: MarketContext,
  providerName: string,
  request: Request,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<AppliedPaymentEvent | null> {
  if (!isPaymentProviderName(providerName)) throw notFound("payment provider");
  if (providerName === "sandbox" && !sandboxAllowed(ctx)) throw notFound("payment provider");
  let event;
  try {
    event = await deps.provider(providerName).readCallback(request, ctx.now());
  } catch (error) {
    if (error instanceof CallbackRejected) {
      throw new MarketError("invalidParam", { params: { field: "signature", reason: error.message }, status: 400 });
    }
    throw error;
  }
  if (!event) return null;
  // The money is only held on the card: counted against the purchase limit, then taken or given back.
  if (event.type === "authorized") return applyAuthorization(ctx, providerName, event, deps);
  return applyPaymentEvent(ctx, providerName, event, deps);
}
