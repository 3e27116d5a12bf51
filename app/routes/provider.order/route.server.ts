/**
 * A provider's order page (/provider/orders/:id) on the server: the order as the seller may see
 * it, the steps its machine allows now, and the pickup form's starting values (a first pickup
 * time two hours before the show, in the event's time zone).
 */
import { data, type AppLoadContext } from "react-router";
import { getProviderOrder } from "@market/delivery";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleNotFound, consoleWriters, orderFacts, recordId, requireConsole, wallTimeValue } from "~/server/console.server";

const HOUR = 60 * 60_000;

/** The page's order, its allowed steps and the pickup form's values; another seller's order is not found. */
export async function providerOrderPage(request: Request, context: AppLoadContext, idParam: string | undefined) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const id = recordId(idParam);
  const [order, write, t] = await Promise.all([
    getProviderOrder(ctx, id).catch((error: unknown) => {
      throw consoleNotFound(error);
    }),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "console"),
  ]);
  const timeZone = order.event.timeZone;
  const pickup = order.delivery.pickup;
  // A first pickup time is offered two hours before the show (never in the past); the provider changes it.
  const suggestedAt = Math.max(order.event.startsAt - 2 * HOUR, ctx.now() + HOUR);
  return data(
    {
      title: `${t("providerOrder.title", { orderNo: order.orderNo })} · ${t("layout.name.provider")}`,
      order: orderFacts(order, write),
      actions: order.actions,
      pickupForm: pickup
        ? {
            at: wallTimeValue(pickup.at ?? suggestedAt, timeZone),
            location: pickup.location ?? "",
            remark: pickup.remark ?? "",
            providerPhone: pickup.providerPhone ?? "",
          }
        : undefined,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}
