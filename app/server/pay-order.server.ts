/**
 * Paying an order from any screen that opens the pay modal (SPEC §2 'Pay is a modal'):
 * confirm-order right after placing, and order-detail for an order still awaiting payment
 * (pay, or retry payment). One action starts the payment and sends the buyer on to the
 * provider's page; the device's remembered pay method preselects the modal's choice. Buying
 * again after a failed payment or a cancel (pay-success, order-detail) is here too.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type AppLoadContext } from "react-router";
import { CODES, MarketError } from "@market/errors";
import { buyAgain, getOrder, PAY_METHODS, payOrderSchema, type OrderView } from "@market/orders";
import { startPayment } from "@market/payments";
import { PAY_METHOD_KEY, type PayableOrder, type PayMethod } from "~/components/pay-sheet";
import { isMissing, notFoundResponse, refusalText } from "./refusal.server";
import type { WriteMoney } from "./money-writer.server";

/** The pay method the device chose last (its cookie), Google Pay otherwise. */
export function payMethodOf(request: Request): PayMethod {
  const chosen = /(?:^|;\s*)ovation_payMethod=([a-z]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  return PAY_METHODS.find((method) => method === chosen) ?? "google";
}

/** An order as the pay modal shows it: the total in the viewer's currency, and what is charged. */
export function payableOf(order: OrderView, write: WriteMoney): PayableOrder {
  return {
    id: order.id,
    orderNo: order.orderNo,
    totalText: write(order.displayPrice.total, order.displayPrice.currency),
    chargedText: order.displayPrice.currency === order.price.currency ? null : write(order.price.total, order.price.currency),
    payWithinMs: order.payWithinMs,
  };
}

/**
 * The pay modal's form (intent=pay): starts the payment and answers the redirect to the
 * provider, or the refusal in the viewer's language (with the pay method remembered either
 * way). Another account's or a missing order is a 404.
 */
export async function payFromForm(formData: FormData, request: Request, context: AppLoadContext): Promise<ReturnType<typeof redirect> | { payError: string; headers: Headers }> {
  const submission = parseWithZod(formData, { schema: payOrderSchema });
  if (submission.status !== "success") throw new Response("Bad request", { status: 400 });
  const headers = new Headers();
  if (submission.value.payMethod) {
    headers.append("Set-Cookie", `${PAY_METHOD_KEY}=${submission.value.payMethod}; Path=/; Max-Age=31536000; SameSite=Lax; Secure`);
  }
  try {
    const started = await startPayment(context.market, submission.value, new URL(request.url).origin);
    return redirect(started.redirectUrl ?? started.returnUrl, { headers });
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    return { payError: await refusalText(error, context), headers };
  }
}

/** The confirm page for an order's tickets, with `extra` set (the pay modal, the re-order question). */
export function confirmHref(order: Pick<OrderView, "tickets" | "quantity">, extra: Record<string, string | number>): string {
  const params = new URLSearchParams({ listingId: String(order.tickets.listingId), quantity: String(order.quantity) });
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return `/confirm-order?${params}`;
}

/**
 * Buy again (SPEC §4, after a failed payment or a canceled order): a new order for the same
 * tickets and contact, then its pay modal. When the buyer already holds an unpaid order for the
 * session, the confirm page asks whether to cancel it and re-order. Another account's or a
 * missing order is a 404; any other refusal is answered in the viewer's language.
 */
export async function buyAgainFromOrder(context: AppLoadContext, orderId: number): Promise<ReturnType<typeof redirect> | { error: string }> {
  try {
    const order = await buyAgain(context.market, orderId);
    return redirect(confirmHref(order, { orderId: order.id, sheet: "pay" }));
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    if (error instanceof MarketError && error.code === CODES.orderUnpaidSameSession) {
      const previous = await getOrder(context.market, orderId);
      const previousOrderId = Number((error.data as { previousOrderId?: number } | null)?.previousOrderId);
      return redirect(confirmHref(previous, { previousOrderId, confirm: "reorder" }));
    }
    return { error: await refusalText(error, context) };
  }
}
