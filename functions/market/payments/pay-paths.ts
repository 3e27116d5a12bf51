/**
 * The addresses payments use: where a buyer lands after paying (SPEC §2:
 * /pay-success?orderId={id}&orderType=ticket&channelId={id}) and where providers call back.
 */
import type { PaymentProviderName } from "../../db/schema";

/** Orders here are ticket orders; SPEC §2 lower-cases the type and defaults it to ticket. */
export const ORDER_TYPE = "ticket";

/** Providers' callbacks arrive at this path plus `/{provider}` (an API path: /pub/ needs no session). */
export const PAYMENT_CALLBACK_PATH = "/pub/payment/v1/callback";

export function payReturnUrl(origin: string, order: { id: number; channel: string }): string {
  const url = new URL("/pay-success", origin);
  url.searchParams.set("orderId", String(order.id));
  url.searchParams.set("orderType", ORDER_TYPE);
  url.searchParams.set("channelId", order.channel);
  return url.toString();
}

export function paymentCallbackUrl(origin: string, provider: PaymentProviderName): string {
  return new URL(`${PAYMENT_CALLBACK_PATH}/${provider}`, origin).toString();
}
