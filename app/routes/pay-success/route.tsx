/**
 * paySuccess (/pay-success and /pay-success-new ?orderId=&orderType=ticket&channelId=, SPEC §2):
 * where the buyer lands from the payment page. Paid: the order's summary (order no., show,
 * session time in the venue's time zone, seats, the total in the display and the trade
 * currency), its share poster, the download-the-app card, and links to the ticket and home.
 * Failed (the order canceled, SPEC §4): 'Oops, payment failed… Try again!' with Buy again, and
 * Retry payment while the order can still be paid.
 *
 * Only the account that placed the order sees it; anyone else gets the one other-account
 * screen, which asks to sign in again with that account and shows nothing of it (SPEC §6).
 */
import { PushOfferLater as PushOffer } from "~/components/push-offer-later";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { AppDownloadPrompt } from "~/components/app-download-prompt";
import { GeneralErrorBoundary } from "~/components/error-view";
import { SessionFact, useSeatsLine } from "~/components/order-facts";
import { PageHeader } from "~/components/page-header";
import { SharePoster } from "./share-poster";
import { OtherAccountScreen } from "~/components/state-screen";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { requireUser } from "~/server/auth.server";
import { moneyWriter, type WriteMoney } from "~/server/money-writer.server";
import { openOrder } from "~/server/order-screens.server";
import { buyAgainFromOrder, confirmHref } from "~/server/pay-order.server";
import type { OrderView } from "@market/orders";
import styles from "~/styles/order-result.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { usePaidEvents } from "~/components/page-analytics";
import { recordId } from "../../../functions/market/input/fields";
import { notFoundResponse } from "~/server/refusal.server";
import { Fact } from "~/components/fact";

export const handle = { i18n: ["order", "errors", "push"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

const orderIdSchema = recordId();

function orderIdOf(request: Request): number {
  const parsed = orderIdSchema.safeParse(new URL(request.url).searchParams.get("orderId") ?? undefined);
  if (!parsed.success) throw notFoundResponse();
  return parsed.data;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdOf(request);
  const [opened, write, t] = await Promise.all([
    openOrder(context, orderId),
    moneyWriter(context),
    i18nServer.getFixedT(ctx.viewer.language, "order"),
  ]);
  const headers = { "cache-control": "no-store" };
  // Another account's order: one screen says whose it is (403); a missing one is not found.
  if ("another" in opened) return data({ pageTitle: t("success.metaTitle"), order: null }, { status: 403, headers });
  const order = opened.mine;

  const language = ctx.viewer.language;
  const when = sessionTime(order.event.startsAt, order.event.timeZone, language);
  return data(
    {
      pageTitle: t("success.metaTitle"),
      order: {
        id: order.id,
        orderNo: order.orderNo,
        status: order.status,
        title: order.event.title,
        venueName: order.event.venueName,
        when: { iso: when.iso, date: when.date, time: when.time },
        timeZone: order.event.timeZone,
        section: order.tickets.section,
        rowLabel: order.tickets.rowLabel,
        quantity: order.quantity,
        total: write(order.displayPrice.total, order.displayPrice.currency),
        charged: order.displayPrice.currency === order.price.currency ? null : { currency: order.price.currency, amount: write(order.price.total, order.price.currency) },
        // A payment that reached a closed order is charged and refunded: say the money is on its way back.
        refunded: refundNoteOf(order, write),
        retryHref: order.actions.pay ? confirmHref(order, { orderId: order.id, sheet: "pay" }) : null,
        canBuyAgain: order.actions.buyAgain,
        ticketHref: `/ticket-detail?${new URLSearchParams({ id: String(order.id), channelId: order.channel, source: "1", target: "1", pageSource: "purchase" })}`,
        posterUrl: `/media/share/${order.id}.svg`,
      },
    },
    { headers },
  );
}

/** The refund of a payment charged after the order closed, as the buyer is told it; null without one. */
function refundNoteOf(order: OrderView, write: WriteMoney): { amount: string } | null {
  const note = [...order.notes].reverse().find((item) => item.kind === "payment_refunded");
  if (!note) return null;
  return { amount: note.amount !== null && note.currency ? write(note.amount, note.currency) : write(order.price.total, order.price.currency) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const orderId = orderIdOf(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "buy-again") throw new Response("Bad request", { status: 400 });
  const bought = await buyAgainFromOrder(context, orderId);
  if (!("error" in bought)) return bought;
  return data(bought, { status: 400 });
}

export default function PaySuccessPage() {
  const { order } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("order");
  const seatsLine = useSeatsLine();
  const navigation = useNavigation();
  usePaidEvents(order?.status === "paid" ? order.id : null);

  if (!order) return <OtherAccountScreen fallback="/" />;

  const paid = order.status === "paid";
  const failed = order.status === "canceled";
  const seats = seatsLine(order);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "buy-again";

  return (
    <div className={styles.page}>
      <PageHeader title={t("success.headerTitle")} fallback="/" />
      <main className={styles.main}>
        <section className={styles.state} data-state={paid ? "paid" : failed ? "failed" : "pending"} data-testid="pay-result">
          <span className={styles.badge} aria-hidden="true">
            {paid ? "✓" : failed ? "×" : "…"}
          </span>
          <h2 className={styles.stateTitle}>{paid ? t("success.title") : failed ? t("success.failedTitle") : t("success.pendingTitle")}</h2>
          <p className={styles.stateBody}>{paid ? t("success.body") : failed ? t("success.failedBody") : t("success.pendingBody")}</p>
          {!paid && order.refunded ? (
            <p className={styles.stateBody} data-testid="pay-refunded">
              {t("success.refundedBody", order.refunded)}
            </p>
          ) : null}
          {!paid ? (
            <div className={styles.actions}>
              {order.canBuyAgain ? (
                <Form method="post">
                  <button type="submit" name="intent" value="buy-again" className={styles.primary} disabled={busy}>
                    {t("success.buyAgain")}
                  </button>
                </Form>
              ) : null}
              {order.retryHref ? (
                <Link to={order.retryHref} className={order.canBuyAgain ? styles.secondary : styles.primary}>
                  {t("success.retryPayment")}
                </Link>
              ) : null}
            </div>
          ) : null}
          {actionData?.error ? (
            <p className={styles.error} role="alert">
              {actionData.error}
            </p>
          ) : null}
        </section>

        {paid ? <PushOffer moment="order" /> : null}

        <section className={styles.card} aria-label={t("success.orderNo")}>
          <dl className={styles.summary}>
            <Fact label={t("success.orderNo")} testId="order-no">{order.orderNo}</Fact>
            <Fact label={t("success.show")}>{order.title}</Fact>
            <SessionFact when={order.when} venueName={order.venueName} mutedClassName={styles.muted} />
            <Fact label={t("success.seats")}>
              {seats} · {t("confirm.tickets", { count: order.quantity })}
            </Fact>
            <Fact label={t("success.total")}>
              <strong data-testid="order-total">{order.total}</strong>
              {order.charged ? <span className={styles.muted}>{t(paid ? "success.paidIn" : "success.totalIn", order.charged)}</span> : null}
            </Fact>
          </dl>
        </section>

        {paid ? (
          <SharePoster src={order.posterUrl} title={order.title} fileName={`ovation-${order.orderNo}.svg`} alt={t("success.shareAlt", { title: order.title })} />
        ) : null}

        <AppDownloadPrompt />

        <nav className={styles.links}>
          {paid ? (
            <Link to={order.ticketHref} className={styles.primary}>
              {t("success.viewTicket")}
            </Link>
          ) : null}
          <Link to="/" className={styles.secondary}>
            {t("success.home")}
          </Link>
        </nav>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
