/**
 * orderDetail (/order-detail?id=, SPEC §2; login): one of the buyer's orders with every SPEC §3
 * order label that applies (order no., delivery method, contact, totals, the price details with
 * the coupon's discount, trade and display currency with the exchange rate, the provider, and the
 * delivery facts), its state and what happens next with its deadline, and what the buyer can do:
 * pay (or retry payment) and cancel while it awaits payment, buy again once canceled, ask for a
 * refund or after-sales once paid.
 *
 * The delivery block is DeliveryPanel's (the method's facts, the buyer's steps, when the provider
 * can be reached, the timeline). The page keeps itself current: it loads again when
 * refreshPickupOrderDetail fires (SPEC §4), when the buyer comes back to the tab, and every 30 s
 * while a step is still to come.
 *
 * An order of another account tells the buyer to sign in again with the account that placed it
 * and shows nothing of it (SPEC §6).
 */
import { data, type AppLoadContext, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { DELIVERY_PANEL_NAMESPACES } from "~/components/delivery-facts";
import { laterPart } from "~/components/later-part";
import { AfterSales, AfterSalesPlaceholder, detailHref, OrderCards, StatusCard } from "./order-detail-cards";
import { Deferred } from "~/components/deferred";
import { deferUnlessDocumentNeedsAll } from "~/server/deferred.server";
import { afterSaleSummaryFor } from "@market/aftersales";
import type { OrderView } from "@market/orders";
import { SupportChatCard } from "~/components/chat-bits";
import { GeneralErrorBoundary } from "~/components/error-view";
import { OtherAccountScreen } from "~/components/state-screen";
import { useSeatsLine } from "~/components/order-facts";
import { PageHeader } from "~/components/page-header";
import { useKeepCurrent } from "~/components/use-keep-current";
import { SheetTrigger, useSheet } from "~/components/sheet-trigger";
import { i18nServer } from "~/i18n/i18n.server";
import { refusalText, requireUser } from "~/server/auth.server";
import { moneyWriter } from "~/server/money-writer.server";
import { afterSalesOf, detailOf } from "./route.server";
import { openOrder, orderIdParam } from "~/server/order-screens.server";
import { buyAgainFromOrder, payableOf, payFromForm, payMethodOf } from "~/server/pay-order.server";
import { redirectWithToast } from "~/server/toast.server";
import { MarketError } from "@market/errors";
import { cancelOrder } from "@market/orders";
import { logError } from "../../../functions/observability";
import styles from "~/styles/order-detail.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { isMissing, notFoundResponse } from "~/server/refusal.server";
import { Fact } from "~/components/fact";

/** The delivery block (facts, steps, timeline) and the pay sheet come alive after the page is interactive (decision 317). */
const DeliveryPanel = laterPart(() => import("~/components/delivery-panel"));
const PaySheet = laterPart(() => import("~/components/pay-sheet"));

export const handle = { i18n: ["orders", "selling", ...DELIVERY_PANEL_NAMESPACES] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** While a step is still to come, the page looks again this often (and whenever the buyer returns to it). */
const REFRESH_EVERY_MS = 30_000;

/** What the first screen needs: the order as the buyer's, its price and what can be done with it now. */
async function loadCriticalData(request: Request, context: AppLoadContext, orderId: number) {
  const ctx = context.market;
  const [opened, write, t] = await Promise.all([openOrder(context, orderId), moneyWriter(context), i18nServer.getFixedT(ctx.viewer.language, "orders")]);
  if ("another" in opened) return { pageTitle: t("detail.metaTitle"), order: null, mine: null };
  const order = opened.mine;
  return {
    pageTitle: t("detail.metaTitle"),
    now: ctx.now(),
    order: detailOf(order, write, context),
    payable: order.actions.pay ? payableOf(order, write) : null,
    payMethod: payMethodOf(request),
    mine: order,
  };
}

/**
 * What can follow: refunds and after-sales of a paid order. Read beside the order, and shown only
 * once the order is proven the buyer's (`mine`). Never rejects: a failed read leaves the card out.
 */
function loadDeferredData(context: AppLoadContext, orderId: number, mine: Promise<OrderView | null>) {
  return {
    afterSales: Promise.all([afterSaleSummaryFor(context.market, [orderId]), mine])
      .then(([summaries, order]) => (order?.status === "paid" ? afterSalesOf(order, summaries.get(order.id) ?? null) : null))
      .catch(() => null),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const orderId = orderIdParam(request);
  const critical = loadCriticalData(request, context, orderId);
  const deferred = loadDeferredData(context, orderId, critical.then((loaded) => loaded.mine, () => null));
  const [{ mine: _mine, ...loaded }, streamed] = await Promise.all([critical, deferUnlessDocumentNeedsAll(context, deferred)]);
  const headers = { "cache-control": "no-store" };
  if (!loaded.order) return data({ pageTitle: loaded.pageTitle, order: null }, { status: 403, headers });
  return data({ ...loaded, ...streamed }, { headers });
}

type ActionAnswer = { cancelError: string | null; payError: string | null; buyAgainError: string | null };
const answer = (errors: Partial<ActionAnswer>): ActionAnswer => ({ cancelError: null, payError: null, buyAgainError: null, ...errors });

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const orderId = orderIdParam(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "cancel":
      return cancelFromDetail(context, orderId);
    case "pay": {
      const paid = await payFromForm(formData, request, context);
      if (!("payError" in paid)) return paid;
      return data(answer({ payError: paid.payError }), { status: 400, headers: paid.headers });
    }
    case "buy-again": {
      const bought = await buyAgainFromOrder(context, orderId);
      if (!("error" in bought)) return bought;
      return data(answer({ buyAgainError: bought.error }), { status: 400 });
    }
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

/**
 * Cancels the unpaid order and comes back to it with a toast. A refusal (paid meanwhile) is said
 * in its own words; anything unexpected is logged and answered with SPEC §8's cancel message.
 */
async function cancelFromDetail(context: AppLoadContext, orderId: number) {
  const ctx = context.market;
  try {
    await cancelOrder(ctx, orderId);
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    if (error instanceof MarketError && error.status < 500) return data(answer({ cancelError: await refusalText(error, context) }), { status: 400 });
    logError(error, { requestId: ctx.viewer.requestId, where: "order-detail cancel", orderId });
    const t = await i18nServer.getFixedT(ctx.viewer.language, "errors");
    return data(answer({ cancelError: t("order.cancelFailed") }), { status: 500 });
  }
  return redirectWithToast(detailHref(orderId), { kind: "success", key: "orders:detail.canceledToast" });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
/** The page's data for one of the viewer's own orders. */
type MineLoaded = Extract<Loaded, { now: number }>;

export default function OrderDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!("now" in loaded)) return <OtherAccountScreen />;
  return <OrderDetail loaded={loaded} />;
}

function OrderDetail({ loaded }: { loaded: MineLoaded }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["orders", "order", "selling"]);
  const seatsLine = useSeatsLine();
  const pay = useSheet("pay");
  const { order, afterSales, payable, now } = loaded;
  useKeepCurrent(order.id, order.pending, REFRESH_EVERY_MS);
  const seats = seatsLine(order);
  const here = detailHref(order.id);

  return (
    <div className={styles.page}>
      <PageHeader title={t("detail.title")} fallback="/my-order" />
      <main className={styles.main}>
        {order.delivery ? (
          <DeliveryPanel delivery={order.delivery} orderId={order.id} timeZone={order.timeZone} now={now} />
        ) : (
          <StatusCard
            order={order}
            payTrigger={
              payable ? (
                <SheetTrigger sheet={pay} className={styles.primary}>
                  {order.retry ? t("detail.retryPayment") : t("detail.pay", { amount: payable.totalText })}
                </SheetTrigger>
              ) : null
            }
            cancelError={actionData?.cancelError ?? null}
            buyAgainError={actionData?.buyAgainError ?? null}
          />
        )}

        <section className={styles.card} aria-labelledby="order-event">
          <p className={styles.kicker}>{order.artist}</p>
          <h2 id="order-event" className={styles.eventTitle}>
            <Link to={`/tourDetail?id=${order.tourId}`}>{order.title}</Link>
          </h2>
          <dl className={styles.facts}>
            <Fact label={t("detail.session")}>
              <time dateTime={order.when.iso}>
                {order.when.date} · {order.when.time}
              </time>
              <span className={styles.muted}>{t("detail.venueTime")}</span>
            </Fact>
            <Fact label={t("detail.venue")}>
              <span>{order.venueName}</span>
              <span className={styles.muted}>{order.venueAddress}</span>
              <Link to={`/map?id=${order.id}`} className={styles.inlineLink} data-testid="venue-map-link">
                {t("detail.venueMap")}
              </Link>
            </Fact>
            <Fact label={t("detail.seats")}>
              <span>{seats}</span>
              {order.seatNumbers ? <span data-testid="order-seat-numbers">{t("selling:seats.numbers", { seats: order.seatNumbers.join(", ") })}</span> : null}
              <span className={styles.muted}>{order.seatsTogether ? t("order:confirm.together") : t("order:confirm.notTogether")}</span>
              {order.canResell ? (
                <Link to={`/resell?id=${order.id}`} className={styles.inlineLink} data-testid="resell-link">
                  {t("selling:resell.title")}
                </Link>
              ) : null}
            </Fact>
            <Fact label={t("detail.quantity")}>{t("order:confirm.tickets", { count: order.quantity })}</Fact>
            {order.delivery ? null : (
              <Fact label={t("detail.deliveryMethod")} testId="delivery-method">{t(`order:delivery.${order.deliveryMethod}`)}</Fact>
            )}
            {order.shippingAddress && !order.delivery ? (
              <Fact label={t("order:confirm.addressTitle")}>
                <span>{order.shippingAddress.name}</span>
                <span className={styles.muted}>{order.shippingAddress.line}</span>
              </Fact>
            ) : null}
            <Fact label={t("detail.provider")} testId="provider">{order.provider}</Fact>
          </dl>
        </section>

        <OrderCards order={order} />
        {order.status === "paid" ? (
          <Deferred value={afterSales} placeholder={<AfterSalesPlaceholder />}>
            {(shown) => (shown ? <AfterSales afterSales={shown} /> : null)}
          </Deferred>
        ) : null}
        <SupportChatCard />
      </main>

      {payable ? (
        <PaySheet sheet={pay} order={payable} action={here} defaultMethod={loaded.payMethod} error={actionData?.payError ?? null} open={Boolean(actionData?.payError)} />
      ) : null}
    </div>
  );
}

type Detail = ReturnType<typeof detailOf>;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
