/**
 * The sandbox payment provider's hosted page (/sandbox-pay?payment=…): a stand-in for a real
 * provider's checkout, outside production only. Approve and Decline are plain forms; each sends
 * the signed callback a provider would send, then the buyer goes on to /pay-success. Its copy is
 * fixed in English, as a third-party page's would be (docs/decisions.md).
 */
import { data, redirect, Form, useLoaderData } from "react-router";
import { loadReference } from "@market/reference";
import { formatMoney } from "@market/money/format";
import { completeSandboxCheckout, readSandboxCheckout } from "@market/payments";
import { GeneralErrorBoundary } from "~/components/error-view";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";

export const meta: Route.MetaFunction = () => [{ title: "Sandbox payment · Ovation" }, { name: "robots", content: "noindex" }];

const INTENTS = { approve: "succeeded", decline: "failed" } as const;

function paymentOf(request: Request): string {
  const payment = new URL(request.url).searchParams.get("payment");
  if (!payment || payment.length > 100) throw notFoundResponse();
  return payment;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const origin = new URL(request.url).origin;
  const [checkout, reference] = await Promise.all([
    readSandboxCheckout(ctx, paymentOf(request), origin).catch(notFoundPage),
    loadReference(ctx),
  ]);
  const currency = reference.currencyByCode.get(checkout.currency);
  const amount = formatMoney(
    checkout.amount,
    currency ? { code: currency.code, symbol: currency.symbol, minorUnits: currency.minorUnits } : { code: checkout.currency, symbol: `${checkout.currency} `, minorUnits: 2 },
    "en-US",
  );
  return data({ ...checkout, amountText: amount }, { headers: { "cache-control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "approve" && intent !== "decline") throw new Response("Bad request", { status: 400 });
  const origin = new URL(request.url).origin;
  const done = await completeSandboxCheckout(context.market, paymentOf(request), INTENTS[intent], origin).catch(notFoundPage);
  return redirect(done.returnUrl);
}

export default function SandboxPay() {
  const checkout = useLoaderData<typeof loader>();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Sandbox payment</h1>
      <p className={styles.note}>No money moves here. Approve or decline to see what the buyer sees.</p>
      <dl className={styles.details}>
        <dt>Order no.</dt>
        <dd data-testid="order-no">{checkout.orderNo}</dd>
        <dt>Amount</dt>
        <dd data-testid="amount">{checkout.amountText}</dd>
        <dt>Payment</dt>
        <dd data-testid="payment-status">{checkout.status}</dd>
      </dl>
      {checkout.payable ? (
        <Form method="post" replace className={styles.actions}>
          <button type="submit" name="intent" value="approve" className={styles.approve}>
            Approve
          </button>
          <button type="submit" name="intent" value="decline" className={styles.decline}>
            Decline
          </button>
        </Form>
      ) : (
        <a href={checkout.returnUrl}>Back to the order</a>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
