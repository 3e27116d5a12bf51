/**
 * pickupTicket (/pickup-ticket?id={orderId}, SPEC §2, login): the buyer's pickup code for a
 * SELF_PICKUP (or ON_SITE collection) order, large, with the pickup time, location, remark and
 * the provider's phone, and when pickup closes (SPEC §9: at the pickup time or 30 minutes after
 * the show starts, whichever is later).
 *
 * Confirm pickup (SPEC §4: 'the confirm button has a countdown'): the first tap posts for a
 * confirmation step; its final button unlocks after a 5-second countdown (a disabled button
 * counting down with JavaScript, a veil that lifts by CSS without), and only that post confirms.
 * Confirming invalidates the code and the page shows picked up.
 *
 * SPEC §8's refusals in the viewer's language: the order does not exist (or is another
 * account's), is not ready for self-pickup, or has already been picked up. Other delivery
 * methods go to /pickup-ticket-na.
 */
import { data, redirect, Form, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { OrderChatLine } from "~/components/chat-bits";
import { Countdown } from "~/components/countdown";
import { ConfirmStep } from "./pickup-confirm";
import { deliveryHref, PhoneLink } from "~/components/delivery-facts";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { BigCode, Notice, TicketStub } from "~/components/ticket-stub";
import { useKeepCurrent } from "~/components/use-keep-current";
import { i18nServer } from "~/i18n/i18n.server";
import { shortDateTime } from "~/i18n/session-time";
import { refusalText, requireUser } from "~/server/auth.server";
import { orderChatLine } from "~/server/chat.server";
import { isPickupMethod, loadBuyerDelivery, orderIdParam, ticketSummary } from "~/server/delivery.server";
import { redirectWithToast } from "~/server/toast.server";
import { confirmPickup } from "@market/delivery";
import { MarketError } from "@market/errors";
import styles from "~/styles/delivery-screens.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { isMissing } from "~/server/refusal.server";

export const handle = { i18n: ["delivery", "order", "errors", "chat"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** How often an open pickup ticket looks again while something is still to happen. */
const KEEP_CURRENT_MS = 10_000;
/** Under an hour left, the closing time is counted down to the second. */
const COUNTDOWN_FROM_MS = 60 * 60_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdParam(request);
  const [found, t] = await Promise.all([loadBuyerDelivery(context, orderId), i18nServer.getFixedT(ctx.viewer.language, "delivery")]);
  const headers = { "cache-control": "no-store" };
  const base = { pageTitle: t("pickup.metaTitle"), orderId };
  if (!found || orderId === null) return data({ ...base, view: { kind: "missing" as const } }, { status: 404, headers });

  const { order, delivery } = found;
  if (!isPickupMethod(order.deliveryMethod)) throw redirect(`/pickup-ticket-na?id=${order.id}`);
  const known = { ...base, chat: orderChatLine(ctx, order) };
  const event = ticketSummary(order, context);
  const at = (ms: number) => shortDateTime(ms, order.event.timeZone, ctx.viewer.language);
  const now = ctx.now();

  if (!delivery || !delivery.pickup) return data({ ...known, view: { kind: "notReady" as const, event, state: delivery?.state ?? null } }, { headers });
  const pickup = delivery.pickup;
  if (delivery.state === "picked_up" || delivery.state === "collected") {
    const done = [...delivery.timeline].reverse().find((step) => step.state === delivery.state);
    return data({ ...known, view: { kind: "pickedUp" as const, event, pickedUpAt: at(done?.at ?? delivery.stateAt) } }, { headers });
  }
  if ((delivery.state !== "ready_for_pickup" && delivery.state !== "ready_for_collection") || !pickup.code) {
    return data({ ...known, view: { kind: "notReady" as const, event, state: delivery.state } }, { headers });
  }
  const details = {
    code: pickup.code,
    at: pickup.at !== null ? at(pickup.at) : null,
    location: pickup.location,
    remark: pickup.remark,
    providerPhone: pickup.providerPhone,
    closes: { text: at(pickup.closesAt), iso: new Date(pickup.closesAt).toISOString(), remainingMs: pickup.closesAt - now },
  };
  if (now >= pickup.closesAt) return data({ ...known, view: { kind: "closed" as const, event, pickup: details } }, { headers });
  return data({ ...known, view: { kind: "ready" as const, event, pickup: details, canConfirm: delivery.actions.includes("confirmPickup") } }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const orderId = orderIdParam(request);
  const intent = (await readForm(request)).get("intent");
  if (intent === "review") return data({ step: true, error: null });
  if (intent !== "confirm") throw new Response("Bad request", { status: 400 });
  try {
    // A page without an order confirms nothing: the same refusal as a missing order.
    if (orderId === null) throw new MarketError("pickupOrderMissing");
    await confirmPickup(context.market, orderId);
    return redirectWithToast(`/pickup-ticket?id=${orderId}`, { kind: "success", key: "delivery:pickup.pickedUpToast" });
  } catch (error) {
    const refusal = isMissing(error) ? new MarketError("pickupOrderMissing") : error;
    return data({ step: false, error: await refusalText(refusal, context) }, { status: 400 });
  }
}

export default function PickupTicketPage() {
  const loaded = useLoaderData<typeof loader>();
  const { view, orderId } = loaded;
  const chat = "chat" in loaded && loaded.chat ? <OrderChatLine chat={loaded.chat} /> : null;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["delivery", "order", "errors"]);
  // At the counter the provider may take the code: the page follows, and so it does while the provider readies the order.
  useKeepCurrent(orderId, view.kind === "ready" || view.kind === "notReady", KEEP_CURRENT_MS);
  const detailHref = orderId !== null ? deliveryHref.orderDetail(orderId) : "/my-order";
  const header = <PageHeader title={t("pickup.title")} fallback={detailHref} />;

  if (view.kind !== "ready") {
    const notice = {
      testId: "pickup-state",
      kind: view.kind,
      ...(view.kind === "pickedUp"
        ? { tone: "done" as const, title: t("pickup.pickedUpTitle"), body: t("pickup.pickedUpBody", { at: view.pickedUpAt }) }
        : view.kind === "closed"
          ? { tone: "refused" as const, title: t("pickup.unavailableTitle"), body: t("pickupWindowClosed", { ns: "errors" }) }
          : view.kind === "notReady"
            ? { tone: "waiting" as const, title: t("pickup.unavailableTitle"), body: t("pickupNotReady", { ns: "errors" }) }
            : { tone: "refused" as const, title: t("pickup.unavailableTitle"), body: t("pickupOrderMissing", { ns: "errors" }) }),
    };
    return (
      <div className={styles.page}>
        {header}
        <main className={styles.main}>
          {view.kind === "missing" ? (
            <Notice {...notice} card />
          ) : (
            <TicketStub event={view.event} kicker={t(`delivery.${view.event.method}`, { ns: "order" })}>
              <Notice {...notice} />
            </TicketStub>
          )}
          {view.kind === "notReady" && view.state ? <p className={styles.note}>{t(`next.${view.state}`)}</p> : null}
          {chat}
          {actionData?.error ? (
            <p className={styles.error} role="alert" data-testid="pickup-error">
              {actionData.error}
            </p>
          ) : null}
          {orderId !== null && view.kind !== "missing" ? (
            <Link to={detailHref} className={styles.secondary}>
              {t("pickup.orderDetail")}
            </Link>
          ) : (
            <Link to="/" className={styles.secondary}>
              {t("success.home", { ns: "order" })}
            </Link>
          )}
        </main>
      </div>
    );
  }

  const { event, pickup } = view;
  return (
    <div className={styles.page}>
      {header}
      <main className={styles.main} data-bar>
        <TicketStub event={event} kicker={t(`delivery.${event.method}`, { ns: "order" })}>
          <BigCode label={t("fact.pickupCode")} code={pickup.code} hint={t("pickup.codeHint")} testId="pickup-code" />
        </TicketStub>

        <section className={styles.card} aria-labelledby="pickup-details">
          <h2 id="pickup-details" className={styles.cardTitle}>
            {t("panel.details")}
          </h2>
          <dl className={styles.rows}>
            {pickup.at ? (
              <div>
                <dt>{t(event.method === "ON_SITE" ? "fact.collectionTime" : "fact.pickupTime")}</dt>
                <dd>{pickup.at}</dd>
              </div>
            ) : null}
            {pickup.location ? (
              <div>
                <dt>{t("fact.location")}</dt>
                <dd>{pickup.location}</dd>
              </div>
            ) : null}
            {pickup.remark ? (
              <div>
                <dt>{t("fact.remark")}</dt>
                <dd>{pickup.remark}</dd>
              </div>
            ) : null}
            {pickup.providerPhone ? (
              <div>
                <dt>{t("fact.providerPhone")}</dt>
                <dd>
                  <PhoneLink phone={pickup.providerPhone} />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t("fact.closes")}</dt>
              <dd>
                <time dateTime={pickup.closes.iso}>{pickup.closes.text}</time>
                {pickup.closes.remainingMs < COUNTDOWN_FROM_MS ? (
                  <span className={styles.muted}>
                    {t("pickup.closesIn")} <Countdown remainingMs={pickup.closes.remainingMs} />
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>
        </section>
        {chat}

        {actionData?.error ? (
          <p className={styles.error} role="alert" data-testid="pickup-error">
            {actionData.error}
          </p>
        ) : null}
        <Link to={deliveryHref.orderDetail(orderId!)} className={styles.secondary}>
          {t("pickup.orderDetail")}
        </Link>

        <Form method="post" className={styles.bar}>
          <button type="submit" name="intent" value="review" className={styles.primary} disabled={!view.canConfirm}>
            {t("pickup.confirm")}
          </button>
        </Form>
      </main>

      {actionData?.step ? <ConfirmStep orderId={orderId!} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
