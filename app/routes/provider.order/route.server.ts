/**
 * A provider's order page's server half: the pickup form's starting values (a first pickup time
 * two hours before the show, in the event's time zone). The loader reads in route.tsx.
 */
import type { getProviderOrder } from "@market/delivery";
import { wallTimeValue } from "~/server/console.server";

const HOUR = 60 * 60_000;

type ProviderOrder = Awaited<ReturnType<typeof getProviderOrder>>;

/** The pickup form's starting values, when the order's delivery has a pickup. */
export function pickupFormOf(order: ProviderOrder, now: number) {
  const pickup = order.delivery.pickup;
  if (!pickup) return undefined;
  // A first pickup time is offered two hours before the show (never in the past); the provider changes it.
  const suggestedAt = Math.max(order.event.startsAt - 2 * HOUR, now + HOUR);
  return {
    at: wallTimeValue(pickup.at ?? suggestedAt, order.event.timeZone),
    location: pickup.location ?? "",
    remark: pickup.remark ?? "",
    providerPhone: pickup.providerPhone ?? "",
  };
}
