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
import { data, type AppLoadContext, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Countdown } from "~/components/countdown";
import { Copyable, DELIVERY_PANEL_NAMESPACES, DeliveryPanel } from "~/components/delivery-panel";
import { GeneralErrorBoundary } from "~/components/error-view";
import { OtherAccountScreen } from "~/components/state-screen";
import { PageHeader } from "~/components/page-header";
import { useKeepCurrent } from "~/components/use-keep-current";
import { PaySheet } from "~/components/pay-sheet";
import { SheetTrigger, useSheet } from "~/components/sheet";
import { i18nServer } from "~/i18n/i18n.server";
import { shortDateTime } from "~/i18n/session-time";
import { refusalText, requireUser } from "~/server/auth.server";
import { moneyWriter, type WriteMoney } from "~/server/money-writer.server";
import { openOrder, orderIdParam, orderStepOf, priceDetailsOf, stepPending, whenOf } from "~/server/order-screens.server";
import { buyAgainFromOrder, payableOf, payFromForm, payMethodOf } from "~/server/pay-order.server";
import { redirectWithToast } from "~/server/toast.server";
import { afterSaleSummaryFor } from "@market/aftersales";
import { MarketError } from "@market/errors";
import { cancelOrder, type OrderView } from "@market/orders";
import { logError } from "../../functions/observability";
import styles from "./order-detail.module.css";
import type { Route } from "./+types/order-detail";
import { readForm } from "~/server/form.server";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["orders", "selling", ...DELIVERY_PANEL_NAMESPACES] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** While a step is still to come, the page looks again this often (and whenever the buyer returns to it). */
const REFRESH_EVERY_MS = 30_000;

function detailHref(orderId: number): string {
  return `/order-detail?id=${orderId}`;
}

/** Refunds and after-sales for a paid order: where to apply, or the case already in progress. */
async function afterSalesOf(context: AppLoadContext, order: OrderView) {
  if (order.status !== "paid") return null;
  const summary = (await afterSaleSummaryFor(context.market, [order.id])).get(order.id) ?? null;
  return {
    canApply: summary?.canApply ?? false,
    refundHref: `/order-refund?id=${order.id}`,
    afterSaleHref: `/order-after-sale?id=${order.id}`,
    openCase: summary?.openCase ? { caseNo: summary.openCase.caseNo, href: `/process-list?id=${summary.openCase.id}` } : null,
    refund: summary?.refund ?? "none",
  };
}

function detailOf(order: OrderView, write: WriteMoney, context: AppLoadContext) {
  const { language, timeZone } = context.market.viewer;
  // Moments of the buyer's own (placed, paid) in the buyer's zone; the show's in the venue's.
  const moment = (at: number | null) => (at === null ? null : shortDateTime(at, timeZone, language));
  const address = order.shippingAddress;
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    channel: order.channel,
    title: order.event.title,
    artist: order.event.artist,
    tourId: order.event.tourId,
    when: whenOf(order, language),
    timeZone: order.event.timeZone,
    venueName: order.event.venueName,
    venueAddress: order.event.venueAddress,
    section: order.tickets.section,
    rowLabel: order.tickets.rowLabel,
    seatsTogether: order.tickets.seatsTogether,
    seatNumbers: order.tickets.seats,
    quantity: order.quantity,
    deliveryMethod: order.deliveryMethod,
    shippingAddress: address
      ? { name: `${address.fullName} · +${address.phoneCode} ${address.phone}`, line: [address.address, address.district, address.city, address.province, address.countryRegion].filter(Boolean).join(", ") }
      : null,
    contact: { email: order.contact.email, phone: `+${order.contact.phoneCode} ${order.contact.phone}` },
    provider: order.seller.nickname,
    step: orderStepOf(order, language),
    price: priceDetailsOf(order, write),
    placedAt: moment(order.createdAt),
    paidAt: moment(order.paidAt),
    canceledAt: moment(order.canceledAt),
    notes: order.notes.map((note) => ({ kind: note.kind, amount: note.amount !== null && note.currency ? write(note.amount, note.currency) : "" })),
    actions: order.actions,
    // A payment that failed while the order can still be paid: SPEC §4's 'retry payment'.
    retry: order.notes.some((note) => note.kind === "payment_failed"),
    delivery: order.delivery,
    pending: stepPending(order),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdParam(request);
  const [opened, write, t] = await Promise.all([
    openOrder(context, orderId),
    moneyWriter(context),
    i18nServer.getFixedT(ctx.viewer.language, "orders"),
  ]);
  const headers = { "cache-control": "no-store" };
  if ("another" in opened) return data({ pageTitle: t("detail.metaTitle"), order: null }, { status: 403, headers });
  const order = opened.mine;
  return data(
    {
      pageTitle: t("detail.metaTitle"),
      now: ctx.now(),
      order: detailOf(order, write, context),
      afterSales: await afterSalesOf(context, order),
      payable: order.actions.pay ? payableOf(order, write) : null,
      payMethod: payMethodOf(request),
    },
    { headers },
  );
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
  const pay = useSheet("pay");
  const { order, afterSales, payable, now } = loaded;
  useKeepCurrent(order.id, order.pending, REFRESH_EVERY_MS);
  const seats = order.rowLabel ? t("order:confirm.seatsRow", { section: order.section, row: order.rowLabel }) : t("order:confirm.seats", { section: order.section });
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
            <div>
              <dt>{t("detail.session")}</dt>
              <dd>
                <time dateTime={order.when.iso}>
                  {order.when.date} · {order.when.time}
                </time>
                <span className={styles.muted}>{t("detail.venueTime")}</span>
              </dd>
            </div>
            <div>
              <dt>{t("detail.venue")}</dt>
              <dd>
                <span>{order.venueName}</span>
                <span className={styles.muted}>{order.venueAddress}</span>
                <Link to={`/map?id=${order.id}`} className={styles.inlineLink} data-testid="venue-map-link">
                  {t("detail.venueMap")}
                </Link>
              </dd>
            </div>
            <div>
              <dt>{t("detail.seats")}</dt>
              <dd>
                <span>{seats}</span>
                {order.seatNumbers ? <span data-testid="order-seat-numbers">{t("selling:seats.numbers", { seats: order.seatNumbers.join(", ") })}</span> : null}
                <span className={styles.muted}>{order.seatsTogether ? t("order:confirm.together") : t("order:confirm.notTogether")}</span>
                {order.status === "paid" ? (
                  <Link to={`/resell?id=${order.id}`} className={styles.inlineLink} data-testid="resell-link">
                    {t("selling:resell.title")}
                  </Link>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>{t("detail.quantity")}</dt>
              <dd>{t("order:confirm.tickets", { count: order.quantity })}</dd>
            </div>
            {order.delivery ? null : (
              <div>
                <dt>{t("detail.deliveryMethod")}</dt>
                <dd data-testid="delivery-method">{t(`order:delivery.${order.deliveryMethod}`)}</dd>
              </div>
            )}
            {order.shippingAddress && !order.delivery ? (
              <div>
                <dt>{t("order:confirm.addressTitle")}</dt>
                <dd>
                  <span>{order.shippingAddress.name}</span>
                  <span className={styles.muted}>{order.shippingAddress.line}</span>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t("detail.provider")}</dt>
              <dd data-testid="provider">{order.provider}</dd>
            </div>
          </dl>
        </section>

        <section className={styles.card} aria-labelledby="order-contact">
          <h2 id="order-contact" className={styles.cardTitle}>
            {t("detail.contactTitle")}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t("detail.email")}</dt>
              <dd data-testid="contact-email">{order.contact.email}</dd>
            </div>
            <div>
              <dt>{t("detail.phone")}</dt>
              <dd>{order.contact.phone}</dd>
            </div>
          </dl>
        </section>

        <section className={styles.card} aria-labelledby="order-price">
          <h2 id="order-price" className={styles.cardTitle}>
            {t("detail.priceTitle")}
          </h2>
          <dl className={styles.prices} data-testid="price-details">
            {order.price.lines.map((line) => (
              <div key={line.key} data-line={line.key}>
                <dt>{t(`order:confirm.${line.key}`)}</dt>
                <dd>{line.text}</dd>
              </div>
            ))}
            <div className={styles.totalLine}>
              <dt>{t("detail.total")}</dt>
              <dd data-testid="order-total">{order.price.total}</dd>
            </div>
          </dl>
          {order.price.charged ? <p className={styles.muted}>{t("detail.charged", { currency: order.price.tradeCurrency, amount: order.price.charged })}</p> : null}
        </section>

        <section className={styles.card} aria-labelledby="order-info">
          <h2 id="order-info" className={styles.cardTitle}>
            {t("detail.infoTitle")}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t("detail.orderNo")}</dt>
              <dd>
                <Copyable value={order.orderNo} testId="order-no" />
              </dd>
            </div>
            {order.placedAt ? (
              <div>
                <dt>{t("detail.placedAt")}</dt>
                <dd>{order.placedAt}</dd>
              </div>
            ) : null}
            {order.paidAt ? (
              <div>
                <dt>{t("detail.paidAt")}</dt>
                <dd>{order.paidAt}</dd>
              </div>
            ) : null}
            {order.canceledAt ? (
              <div>
                <dt>{t("detail.canceledAt")}</dt>
                <dd>{order.canceledAt}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t("detail.channel")}</dt>
              <dd>{t(`channels.${order.channel}`, { defaultValue: order.channel })}</dd>
            </div>
            <div>
              <dt>{t("detail.tradeCurrency")}</dt>
              <dd>{order.price.tradeCurrency}</dd>
            </div>
            {order.price.charged ? (
              // Shown in another currency than charged: which, and at what rate (recorded when placed).
              <>
                <div>
                  <dt>{t("detail.displayCurrency")}</dt>
                  <dd>{order.price.displayCurrency}</dd>
                </div>
                <div>
                  <dt>{t("detail.exchangeRate")}</dt>
                  <dd data-testid="exchange-rate">{t("detail.rate", { trade: order.price.tradeCurrency, rate: order.price.exchangeRate, display: order.price.displayCurrency })}</dd>
                </div>
              </>
            ) : null}
          </dl>
          {order.notes.length > 0 ? (
            <ul className={styles.notes}>
              {order.notes.map((note, index) => (
                <li key={index}>{t(`detail.notes.${note.kind}`, { amount: note.amount })}</li>
              ))}
            </ul>
          ) : null}
        </section>

        {afterSales ? <AfterSales afterSales={afterSales} /> : null}
      </main>

      {payable ? (
        <PaySheet sheet={pay} order={payable} action={here} defaultMethod={loaded.payMethod} error={actionData?.payError ?? null} open={Boolean(actionData?.payError)} />
      ) : null}
    </div>
  );
}

type Detail = ReturnType<typeof detailOf>;

/** The order's state while it has no delivery yet: awaiting payment, canceled, or paid and being prepared. */
function StatusCard({ order, payTrigger, cancelError, buyAgainError }: { order: Detail; payTrigger: React.ReactNode; cancelError: string | null; buyAgainError: string | null }) {
  const { t } = useTranslation("orders");
  const navigation = useNavigation();
  const { step } = order;
  const buying = navigation.state !== "idle" && navigation.formData?.get("intent") === "buy-again";
  return (
    <section className={styles.status} data-tone={step.tone} data-testid="order-state" aria-labelledby="order-status">
      <h2 id="order-status" className={styles.statusTitle} data-testid="order-status">
        {t(step.chip)}
      </h2>
      {step.payWithinMs !== null ? (
        <>
          <p className={styles.payWithin}>
            {t(step.next)}{" "}
            <Countdown remainingMs={step.payWithinMs} className={styles.clock} expired={<span className={styles.expired}>{t("next.canceled_expired")}</span>} />
          </p>
          <p className={styles.statusBody}>{t("next.payDetail")}</p>
        </>
      ) : (
        <p className={styles.statusBody} data-testid="order-next">
          {t(step.next)}
        </p>
      )}
      {order.actions.pay || order.actions.cancel || order.actions.buyAgain ? (
        <div className={styles.actions}>
          {payTrigger}
          {order.actions.cancel ? (
            <ConfirmDialog
              name="cancel-order"
              trigger={t("detail.cancel")}
              triggerClassName={styles.secondary}
              title={t("detail.cancelTitle")}
              message={t("detail.cancelMessage")}
              confirmLabel={t("detail.cancelConfirm")}
              cancelLabel={t("detail.keep")}
              action={detailHref(order.id)}
            >
              <input type="hidden" name="intent" value="cancel" />
            </ConfirmDialog>
          ) : null}
          {order.actions.buyAgain ? (
            <Form method="post" action={detailHref(order.id)}>
              <button type="submit" name="intent" value="buy-again" className={styles.primary} disabled={buying}>
                {t("detail.buyAgain")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {cancelError || buyAgainError ? (
        <p className={styles.error} role="alert" data-testid="order-error">
          {cancelError ?? buyAgainError}
        </p>
      ) : null}
    </section>
  );
}

function AfterSales({ afterSales }: { afterSales: NonNullable<MineLoaded["afterSales"]> }) {
  const { t } = useTranslation("orders");
  return (
    <section className={styles.card} aria-labelledby="order-after-sales" data-testid="after-sales">
      <h2 id="order-after-sales" className={styles.cardTitle}>
        {t("detail.afterSalesTitle")}
      </h2>
      {afterSales.refund !== "none" ? <p className={styles.muted}>{afterSales.refund === "full" ? t("detail.refundedFull") : t("detail.refundedPartial")}</p> : null}
      {afterSales.openCase ? (
        <p className={styles.caseLine}>
          <span>{t("detail.afterSaleOpen", { caseNo: afterSales.openCase.caseNo })}</span>
          <Link to={afterSales.openCase.href} className={styles.inlineLink}>
            {t("detail.afterSaleProgress")}
          </Link>
        </p>
      ) : null}
      {afterSales.canApply ? (
        <nav className={styles.links}>
          <Link to={afterSales.refundHref} className={styles.rowLink}>
            {t("detail.refund")}
          </Link>
          <Link to={afterSales.afterSaleHref} className={styles.rowLink}>
            {t("detail.afterSale")}
          </Link>
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
