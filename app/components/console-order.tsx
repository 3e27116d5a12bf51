/**
 * How the consoles show an order and its delivery: the state badge (its tone says whose move it
 * is), what is due and by when (overdue in red), the order's facts, and the delivery timeline
 * that buyer, provider and support all read. The loader writes every amount and moment
 * (app/server/console.server.ts orderFacts); these only lay them out.
 */
import type { DeliveryState } from "@market/delivery";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { OrderFacts } from "~/server/console.server";
import kit from "./console-kit.module.css";

type Tone = "owed" | "waiting" | "done" | "stopped";

/** The provider owes the next step. */
const OWED: readonly DeliveryState[] = ["awaiting_upload", "awaiting_pickup_details", "awaiting_collection_details", "awaiting_shipment", "awaiting_transfer", "awaiting_code"];
/** The buyer (or the counter) takes the next step. */
const WAITING: readonly DeliveryState[] = ["ready_for_pickup", "ready_for_collection", "shipped", "transfer_sent", "code_issued"];

function toneOf(state: DeliveryState): Tone {
  if (state === "voided") return "stopped";
  if (OWED.includes(state)) return "owed";
  if (WAITING.includes(state)) return "waiting";
  return "done";
}

export function StateBadge({ state }: { state: DeliveryState }) {
  const { t } = useTranslation("console");
  return (
    <span className={kit.badge} data-tone={toneOf(state)} data-testid="delivery-state">
      {t(`state.${state}`)}
    </span>
  );
}

/** 'Due 12 Dec, 7:30 PM', or 'Overdue since …'; nothing when nothing is owed. */
export function DueNote({ due }: { due: OrderFacts["delivery"]["due"] }) {
  const { t } = useTranslation("console");
  if (!due) return null;
  return (
    <span className={kit.due} data-overdue={due.overdue || undefined} data-testid="due">
      {due.overdue ? t("due.overdue", { at: due.at }) : t("due.by", { at: due.at })}
    </span>
  );
}

/** The order's facts: the event, the tickets, what was paid and how to reach the buyer. */
export function OrderSummary({ order, children }: { order: OrderFacts; children?: React.ReactNode }) {
  const { t } = useTranslation(["console", "order", "selling"]);
  const seats = order.tickets.rowLabel ? t("order.seatsRow", { section: order.tickets.section, row: order.tickets.rowLabel }) : order.tickets.section;
  return (
    <section className={kit.card} aria-labelledby="order-title">
      <div className={kit.cardHead}>
        <StateBadge state={order.delivery.state} />
        <DueNote due={order.delivery.due} />
      </div>
      <h2 id="order-title" className={kit.cardTitle}>
        {order.event.title}
      </h2>
      <dl className={kit.facts}>
        <Fact label={t("order.orderNo")} value={<span className={kit.mono}>{order.orderNo}</span>} />
        <Fact label={t("order.when")} value={order.event.when} />
        <Fact label={t("order.venue")} value={order.event.venue} />
        <Fact label={t("order.tickets")} value={`${seats} · ${t("order.quantity", { count: order.tickets.quantity })}`} />
        {order.tickets.seats ? <Fact label={t("selling:seats.label")} value={t("selling:seats.numbers", { seats: order.tickets.seats.join(", ") })} /> : null}
        <Fact label={t("order.method")} value={t(`order:delivery.${order.delivery.method}`)} />
        <Fact label={t("order.total")} value={order.total} />
        {order.paidAt ? <Fact label={t("order.paidAt")} value={order.paidAt} /> : null}
        <Fact label={t("order.buyerEmail")} value={order.contact.email} />
        <Fact label={t("order.buyerPhone")} value={order.contact.phone} />
        {order.shippingAddress ? (
          <Fact
            label={t("order.shipTo")}
            value={
              <>
                <span className={kit.strong}>{order.shippingAddress.name}</span>
                <br />
                {order.shippingAddress.line}
              </>
            }
          />
        ) : null}
        {/* Provider and support open the order's chat from here (support then joins it as a group). */}
        <Fact
          label={t("order.chat")}
          value={
            <Link to={`/chat?order=${order.id}`} className={kit.link} data-testid="order-chat-link">
              {t("order.openChat")}
            </Link>
          }
        />
        {children}
      </dl>
      <p className={kit.hint}>{t("order.venueTime")}</p>
    </section>
  );
}

export function Fact({ label, value, testId }: { label: React.ReactNode; value: React.ReactNode; testId?: string }) {
  return (
    <div className={kit.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The delivery timeline, oldest first, with who took each step and any note. */
export function DeliveryTimeline({ timeline }: { timeline: OrderFacts["delivery"]["timeline"] }) {
  const { t } = useTranslation("console");
  return (
    <Timeline
      title={t("timeline.title")}
      testId="timeline"
      steps={timeline.map((event) => ({
        title: event.fromState === event.state ? t("timeline.updated") : t(`state.${event.state}`),
        at: event.at,
        actor: event.actor,
        note: event.note,
      }))}
    />
  );
}

/** A card of steps, oldest first: what happened, when and by whom, and any note (a delivery's, or an after-sales case's). */
export function Timeline({ title, testId, steps }: { title: string; testId: string; steps: { title: string; at: string; actor: string; note: string | null }[] }) {
  const { t } = useTranslation("console");
  return (
    <section className={kit.card} aria-label={title}>
      <h2 className={kit.cardTitle}>{title}</h2>
      {steps.length === 0 ? (
        <p className={kit.hint}>{t("timeline.empty")}</p>
      ) : (
        <ol className={kit.timeline} data-testid={testId}>
          {steps.map((step, index) => (
            <li key={index} className={kit.step}>
              <span className={kit.stepTitle}>{step.title}</span>
              <span className={kit.stepMeta}>
                {step.at} · {t(`actor.${step.actor}`)}
              </span>
              {step.note ? <span className={kit.stepNote}>{step.note}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** An order in a console list, linking to its page: order no., state, event, facts and what is due. */
export function OrderRow({ to, orderNo, state, title, facts, due }: { to: string; orderNo: string; state: DeliveryState; title: string; facts: string; due: OrderFacts["delivery"]["due"] }) {
  return (
    <Link to={to} className={kit.row} data-testid="order-row">
      <span className={kit.rowTop}>
        <span className={kit.mono}>{orderNo}</span>
        <StateBadge state={state} />
      </span>
      <span className={kit.rowTitle}>{title}</span>
      <span className={kit.rowMeta}>
        <span>{facts}</span>
        <DueNote due={due} />
      </span>
    </Link>
  );
}

/**
 * What has been given so far: pickup (collection) details and, where the domain shows it, the
 * pickup code; carrier and tracking; the transfer; the redemption code. Nothing when empty.
 */
export function DeliveryDetails({ delivery }: { delivery: OrderFacts["delivery"] }) {
  const { t } = useTranslation("console");
  const { pickup, shipping, transfer, redemption } = delivery.details;
  const rows: { key: string; label: string; value: string; testId?: string }[] = [];
  const add = (key: string, label: string, value: string | null | undefined, testId?: string) => {
    if (value) rows.push({ key, label, value, testId });
  };
  add("at", t("steps.pickup.at"), pickup?.at);
  add("location", t("steps.pickup.location"), pickup?.location);
  add("remark", t("steps.pickup.remark"), pickup?.remark);
  add("phone", t("steps.pickup.phone"), pickup?.providerPhone);
  add("closes", t("details.closesAt"), pickup?.closesAt);
  add("carrier", t("steps.ship.carrier"), shipping?.carrier);
  add("tracking", t("steps.ship.trackingNo"), shipping?.trackingNo, "tracking-no");
  add("to", t("steps.transfer.to"), transfer?.to);
  add("ref", t("steps.transfer.ref"), transfer?.ref);
  add("redemption", t("steps.redemption.code"), redemption?.code, "redemption-code");
  if (rows.length === 0 && !pickup?.code) return null;
  return (
    <section className={kit.card} aria-labelledby="details-title">
      <h2 id="details-title" className={kit.cardTitle}>
        {t(delivery.method === "ON_SITE" ? "details.titleCollection" : "details.title")}
      </h2>
      {pickup?.code ? (
        <div className={kit.code}>
          <span className={kit.hint}>{t("details.pickupCode")}</span>
          <span className={kit.codeValue} data-testid="pickup-code">
            {pickup.code}
          </span>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <dl className={kit.facts} data-testid="delivery-details">
          {rows.map((row) => (
            <Fact key={row.key} label={row.label} value={row.value} testId={row.testId} />
          ))}
        </dl>
      ) : null}
    </section>
  );
}
