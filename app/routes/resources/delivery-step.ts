/**
 * /delivery-step (POST only): the buyer's delivery steps that have no screen of their own, taken
 * from the delivery block of an order (app/components/delivery-panel.tsx): confirm receipt
 * (EXPRESS received, CUSTOMER_REDEMPTION redeemed) and accept a transfer (TICKET_TRANSFER). One
 * domain call, then back to the page the buyer came from with a toast saying what happened, or
 * the refusal in the viewer's language. Another account's order is not found.
 */
import * as z from "zod";
import { redirectWithToast } from "~/server/toast.server";
import { requireUser, safeRedirectTo } from "~/server/auth.server";
import { acceptTransfer, confirmReceipt } from "@market/delivery";
import { MarketError } from "@market/errors";
import type { Route } from "./+types/delivery-step";
import { readForm } from "~/server/form.server";
import { recordId } from "../../../functions/market/input/fields";
import { notFoundResponse } from "~/server/refusal.server";

const stepSchema = z.object({
  intent: z.enum(["confirmReceipt", "acceptTransfer"]),
  orderId: recordId(),
  returnTo: z.string().max(2048).optional(),
});

/** Nothing to show at this address: a step is only ever posted. */
export async function loader() {
  throw notFoundResponse();
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const parsed = stepSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const { intent, orderId } = parsed.data;
  const back = safeRedirectTo(parsed.data.returnTo, `/order-detail?id=${orderId}`);
  const ctx = context.market;
  try {
    const delivery = intent === "acceptTransfer" ? await acceptTransfer(ctx, orderId) : await confirmReceipt(ctx, orderId);
    const key = intent === "acceptTransfer" ? "action.accepted" : delivery.method === "CUSTOMER_REDEMPTION" ? "action.redeemed" : "action.received";
    return redirectWithToast(back, { kind: "success", key: `delivery:${key}` });
  } catch (error) {
    if (!(error instanceof MarketError)) throw error;
    if (error.status === 404) throw notFoundResponse();
    return redirectWithToast(back, { kind: "error", key: error.messageKey, params: error.params });
  }
}
