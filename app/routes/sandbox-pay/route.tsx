/**
 * The sandbox payment provider's hosted page (/sandbox-pay?payment=…): a stand-in for a real
 * provider's checkout, outside production only. Approve and Decline are plain forms; each sends
 * the signed callback a provider would send, then the buyer goes on to /pay-success. Approve
 * takes a card number (the test card is filled in), counted by its fingerprint against a hot
 * on-sale's purchase limit before any money moves; a refusal stays on the page, in the viewer's
 * language. Its own copy is fixed in English, as a third-party page's would be (docs/decisions.md).
 */
import { data, redirect, Form, useActionData, useLoaderData } from "react-router";
import { loadReference } from "@market/reference";
import { formatMoney } from "@market/money/format";
import { completeSandboxCheckout, readSandboxCheckout, SANDBOX_TEST_CARD } from "@market/payments";
import { MarketError } from "@market/errors";
import { GeneralErrorBoundary } from "~/components/error-view";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { isMissing, notFoundPage, notFoundResponse, refusalText } from "~/server/refusal.server";

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
  // The test card comes with the data: naming it in the page would bring the payments domain (and zod) to the browser.
  return data({ ...checkout, amountText: amount, testCard: SANDBOX_TEST_CARD }, { headers: { "cache-control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "approve" && intent !== "decline") throw new Response("Bad request", { status: 400 });
  const origin = new URL(request.url).origin;
  try {
    const done = await completeSandboxCheckout(context.market, paymentOf(request), INTENTS[intent], origin, form.get("card") ?? undefined);
    return redirect(done.returnUrl);
  } catch (error) {
    if (isMissing(error) || !(error instanceof MarketError)) notFoundPage(error);
    return data({ refusal: await refusalText(error, context) }, { status: error.status });
  }
}

export default function SandboxPay() {
  const checkout = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
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
      {refused ? (
        <p role="alert" className={styles.refusal} data-testid="refusal">
          {refused.refusal}
        </p>
      ) : null}
      {checkout.payable ? (
        <Form method="post" replace className={styles.form}>
          <label className={styles.card}>
            Card number
            <input name="card" inputMode="numeric" autoComplete="cc-number" maxLength={40} defaultValue={checkout.testCard} />
          </label>
          <div className={styles.actions}>
            <button type="submit" name="intent" value="approve" className={styles.approve}>
              Approve
            </button>
            <button type="submit" name="intent" value="decline" className={styles.decline}>
              Decline
            </button>
          </div>
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
