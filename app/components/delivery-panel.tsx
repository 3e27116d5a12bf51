/**
 * The delivery block of an order (order detail): the delivery method and its state in words,
 * what happens next and by when, the facts of the method (pickup code, time, place, remark and
 * provider phone; carrier and tracking number; where a transfer went; the redemption code; the
 * e-ticket files), the buyer's next step, when the provider can be reached (online from 1 day
 * before the event, by phone on the event day, SPEC §9) and the timeline of every step.
 *
 * It renders a DeliveryView as the domain answers it. Times are written in the venue's time
 * zone (`timeZone`), so the page reads the same on the server and in the browser. The buyer's
 * steps that are not screens of their own (confirm receipt, accept a transfer) are confirm
 * dialogs posting to /delivery-step, which takes the step and comes back here.
 *
 * A page that renders it lists DELIVERY_PANEL_NAMESPACES (delivery-facts.tsx) in its `handle.i18n`.
 */
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import type { DeliveryEventView, DeliveryState, DeliveryView } from "@market/delivery";
import type { Language } from "@market/context/viewer";
import { Copyable } from "./copyable";
import { shortDateTime } from "~/i18n/session-time";
import { CONFIRM_PARAM, ConfirmDialog } from "./confirm-dialog";
import styles from "./delivery-panel.module.css";
import { deliveryHref, PhoneLink } from "./delivery-facts";

/** Where venues are when a page does not say (the marketplace's home). */
export const DEFAULT_TIME_ZONE = "Asia/Hong_Kong";

type Tone = "waiting" | "ready" | "done" | "stopped";

const TONE: Record<DeliveryState, Tone> = {
  awaiting_upload: "waiting",
  delivered: "ready",
  awaiting_pickup_details: "waiting",
  ready_for_pickup: "ready",
  picked_up: "done",
  awaiting_collection_details: "waiting",
  ready_for_collection: "ready",
  collected: "done",
  awaiting_shipment: "waiting",
  shipped: "ready",
  received: "done",
  awaiting_transfer: "waiting",
  transfer_sent: "ready",
  transfer_accepted: "done",
  awaiting_code: "waiting",
  code_issued: "ready",
  redeemed: "done",
  voided: "stopped",
};

export function toneOf(state: DeliveryState): Tone {
  return TONE[state];
}

/** A moment of a delivery, short ('12 Dec, 10:00 AM'), in the venue's time zone. */
export function useDeliveryTime(timeZone = DEFAULT_TIME_ZONE) {
  const { i18n } = useTranslation();
  const language = (i18n.language === "zh-HK" ? "zh-HK" : "en-US") as Language;
  return (at: number) => shortDateTime(at, timeZone, language);
}

interface DeliveryPanelProps {
  delivery: DeliveryView | null;
  orderId: number;
  /** The venue's time zone; times are written in it. */
  timeZone?: string;
  /** The page's clock at render (epoch ms); the browser's when absent. */
  now?: number;
}

export default function DeliveryPanel({ delivery, orderId, timeZone = DEFAULT_TIME_ZONE, now }: DeliveryPanelProps) {
  const { t } = useTranslation(["delivery", "order"]);
  const at = useDeliveryTime(timeZone);
  if (!delivery) return null;
  const instant = now ?? Date.now();
  const tone = toneOf(delivery.state);
  const revealed = delivery.eTicket?.revealed ?? false;
  // Tickets resold here are the new buyer's: not a delivery support stopped, and no refund is coming.
  const resold = delivery.voidedBy === "resale";
  const stateKey = resold ? "panel.resold" : `state.${delivery.state}`;
  const nextKey = resold ? "next.resold" : delivery.state === "delivered" && revealed ? "next.deliveredRevealed" : `next.${delivery.state}`;

  return (
    <section className={styles.panel} aria-labelledby={`delivery-${orderId}`} data-testid="delivery-panel" data-state={delivery.state}>
      <header className={styles.head}>
        <h2 id={`delivery-${orderId}`} className={styles.title}>
          {t("panel.title")}
        </h2>
        <span className={styles.method}>{t(`delivery.${delivery.method}`, { ns: "order" })}</span>
      </header>

      <div className={styles.status} data-tone={tone}>
        <StatusMark tone={tone} />
        <div className={styles.statusText}>
          <p className={styles.state} data-testid="delivery-state">
            {t(stateKey)}
          </p>
          <p className={styles.next}>{t(nextKey)}</p>
          {delivery.dueAt !== null ? (
            <p className={styles.due} data-overdue={delivery.overdue || undefined}>
              {t("panel.deadlineAt", { at: at(delivery.dueAt) })}
            </p>
          ) : null}
        </div>
      </div>

      {delivery.overdue ? (
        <p className={styles.overdue} role="status">
          {t("panel.overdue")}{" "}
          <Link to="/emailSupport" className={styles.inlineLink}>
            {t("panel.overdueLink")}
          </Link>
        </p>
      ) : null}

      <DeliveryFacts delivery={delivery} at={at} />
      <BuyerActions delivery={delivery} orderId={orderId} />
      <ContactWindows delivery={delivery} at={at} now={instant} />
      <Timeline events={delivery.timeline} at={at} />
    </section>
  );
}

function StatusMark({ tone }: { tone: Tone }) {
  return (
    <span className={styles.mark} aria-hidden="true">
      <svg viewBox="0 0 24 24">
        {tone === "done" ? <path d="m6 12.5 4 4 8-9" /> : null}
        {tone === "waiting" ? <path d="M12 8.5V12l2.5 1.5M12 5.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Z" /> : null}
        {tone === "ready" ? <path d="M6 12h12m-5-5 5 5-5 5" /> : null}
        {tone === "stopped" ? <path d="M8 8l8 8M16 8l-8 8" /> : null}
      </svg>
    </span>
  );
}

/** The facts the method has so far; rows that are not known yet are left out. */
function DeliveryFacts({ delivery, at }: { delivery: DeliveryView; at: (ms: number) => string }) {
  const { t } = useTranslation("delivery");
  const rows: { key: string; label: string; value: React.ReactNode }[] = [];
  const { pickup, shipping, transfer, redemption, eTicket } = delivery;
  if (pickup) {
    if (pickup.code) rows.push({ key: "code", label: t("fact.pickupCode"), value: <strong className={styles.code} data-testid="pickup-code">{pickup.code}</strong> });
    if (pickup.at !== null) rows.push({ key: "at", label: t(delivery.method === "ON_SITE" ? "fact.collectionTime" : "fact.pickupTime"), value: at(pickup.at) });
    if (pickup.location) rows.push({ key: "location", label: t("fact.location"), value: pickup.location });
    if (pickup.remark) rows.push({ key: "remark", label: t("fact.remark"), value: pickup.remark });
    if (pickup.providerPhone) rows.push({ key: "phone", label: t("fact.providerPhone"), value: <PhoneLink phone={pickup.providerPhone} /> });
    if (pickup.code) rows.push({ key: "closes", label: t("fact.closes"), value: at(pickup.closesAt) });
  }
  if (shipping) {
    if (shipping.carrier) rows.push({ key: "carrier", label: t("fact.carrier"), value: shipping.carrier });
    if (shipping.trackingNo) rows.push({ key: "tracking", label: t("fact.trackingNo"), value: <Copyable value={shipping.trackingNo} testId="tracking-no" /> });
    if (shipping.address) {
      const a = shipping.address;
      rows.push({
        key: "address",
        label: t("fact.address"),
        value: (
          <>
            <span>{`${a.fullName} · +${a.phoneCode} ${a.phone}`}</span>
            <span className={styles.muted}>{[a.address, a.district, a.city, a.province, a.countryRegion].filter(Boolean).join(", ")}</span>
          </>
        ),
      });
    }
  }
  if (transfer) {
    if (transfer.to) rows.push({ key: "to", label: t("fact.transferTo"), value: transfer.to });
    if (transfer.ref) rows.push({ key: "ref", label: t("fact.transferRef"), value: <Copyable value={transfer.ref} /> });
  }
  if (redemption?.code) rows.push({ key: "redemption", label: t("fact.redemptionCode"), value: <Copyable value={redemption.code} testId="redemption-code" /> });
  if (eTicket && eTicket.files.length > 0) rows.push({ key: "files", label: t("fact.files"), value: t("fact.fileCount", { count: eTicket.files.length }) });

  return (
    <>
      {rows.length > 0 ? (
        <dl className={styles.facts} aria-label={t("panel.details")}>
          {rows.map((row) => (
            <div key={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {eTicket && delivery.state === "delivered" ? <p className={styles.note}>{t("fact.checkWithin", { minutes: eTicket.checkWithinMinutes })}</p> : null}
    </>
  );
}

function BuyerActions({ delivery, orderId }: { delivery: DeliveryView; orderId: number }) {
  const { t } = useTranslation("delivery");
  const location = useLocation();
  // Back to this page as it is, without the question that was open when the step was posted.
  const search = new URLSearchParams(location.search);
  search.delete(CONFIRM_PARAM);
  const rest = search.toString();
  const returnTo = `${location.pathname}${rest ? `?${rest}` : ""}`;
  const actions = new Set(delivery.actions);
  const links: { key: string; to: string; label: string }[] = [];
  const pickupLike = delivery.method === "SELF_PICKUP" || delivery.method === "ON_SITE";
  if (pickupLike && delivery.pickup?.code) links.push({ key: "pickup", to: deliveryHref.pickupTicket(orderId), label: t("action.showPickupCode") });
  const voucher = actions.has("startVoucher") || actions.has("revealVoucher") || actions.has("downloadFiles");
  if (voucher) links.push({ key: "voucher", to: deliveryHref.eTicket(orderId), label: t("action.viewETicket") });
  if (actions.has("downloadFiles")) links.push({ key: "download", to: deliveryHref.pdfDownload(orderId), label: t("action.download") });

  const step = (name: "confirmReceipt" | "acceptTransfer") => {
    const redemption = delivery.method === "CUSTOMER_REDEMPTION";
    const keys =
      name === "acceptTransfer"
        ? { trigger: "action.acceptTransfer", title: "action.acceptTransferTitle", message: "action.acceptTransferMessage" }
        : redemption
          ? { trigger: "action.confirmRedeemed", title: "action.confirmRedeemedTitle", message: "action.confirmRedeemedMessage" }
          : { trigger: "action.confirmReceipt", title: "action.confirmReceiptTitle", message: "action.confirmReceiptMessage" };
    return (
      <ConfirmDialog
        key={name}
        name={`delivery-${name}`}
        trigger={t(keys.trigger)}
        triggerClassName={styles.primary}
        title={t(keys.title)}
        message={t(keys.message)}
        confirmLabel={t(keys.trigger)}
        action="/delivery-step"
      >
        <input type="hidden" name="intent" value={name} />
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="returnTo" value={returnTo} />
      </ConfirmDialog>
    );
  };

  const steps = [actions.has("confirmReceipt") ? step("confirmReceipt") : null, actions.has("acceptTransfer") ? step("acceptTransfer") : null].filter(Boolean);
  if (links.length === 0 && steps.length === 0) return null;
  return (
    <div className={styles.actions}>
      {links.map((link, index) => (
        <Link key={link.key} to={link.to} className={index === links.length - 1 && steps.length === 0 ? styles.primary : styles.secondary}>
          {link.label}
        </Link>
      ))}
      {steps}
    </div>
  );
}

/** SPEC §9: online contact from 1 day before the event, phone contact on the event day. */
function ContactWindows({ delivery, at, now }: { delivery: DeliveryView; at: (ms: number) => string; now: number }) {
  const { t } = useTranslation(["delivery", "chat"]);
  if (delivery.state === "voided") return null;
  const onlineOpen = now >= delivery.contact.onlineFrom;
  const phoneOpen = now >= delivery.contact.phoneFrom;
  const phone = delivery.pickup?.providerPhone ?? null;
  return (
    <section className={styles.contact} aria-labelledby={`contact-${delivery.orderId}`}>
      <h3 id={`contact-${delivery.orderId}`} className={styles.subTitle}>
        {t("contact.title")}
      </h3>
      <ul className={styles.windows}>
        <li data-open={onlineOpen || undefined}>
          <span className={styles.windowName}>{t("contact.online")}</span>
          <span className={styles.windowWhen}>
            {onlineOpen ? (
              <Link to={`/chat?order=${delivery.orderId}`} data-testid="order-chat-link">
                {t("chat:links.chatWithProvider")}
              </Link>
            ) : (
              t("contact.onlineOpensAt", { at: at(delivery.contact.onlineFrom) })
            )}
          </span>
        </li>
        <li data-open={phoneOpen || undefined}>
          <span className={styles.windowName}>{t("contact.phone")}</span>
          <span className={styles.windowWhen}>
            {phoneOpen ? (phone ? <PhoneLink phone={phone} label={t("contact.call", { phone })} /> : t("contact.phoneOpen")) : t("contact.phoneOpensAt", { at: at(delivery.contact.phoneFrom) })}
          </span>
        </li>
      </ul>
    </section>
  );
}

function Timeline({ events, at }: { events: DeliveryEventView[]; at: (ms: number) => string }) {
  const { t } = useTranslation("delivery");
  if (events.length === 0) return null;
  // Newest first: the buyer looks for the latest step.
  const newestFirst = [...events].reverse();
  return (
    <section className={styles.timelineBlock} aria-labelledby="delivery-timeline">
      <h3 id="delivery-timeline" className={styles.subTitle}>
        {t("timeline.title")}
      </h3>
      <ol className={styles.timeline} data-testid="delivery-timeline">
        {newestFirst.map((event, index) => (
          <li key={`${event.at}-${index}`} data-current={index === 0 || undefined}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.eventText}>
              {event.fromState === event.state ? t("timeline.updated") : event.noteKey === "resold" ? t("panel.resold") : t(`state.${event.state}`)}
            </span>
            <span className={styles.eventMeta}>
              <time dateTime={new Date(event.at).toISOString()}>{at(event.at)}</time> · {t(`timeline.by.${event.actor}`)}
            </span>
            {event.noteKey ? (
              <span className={styles.eventNote}>{t(`timeline.note.${event.noteKey}`)}</span>
            ) : event.note ? (
              <span className={styles.eventNote}>{event.note}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
