/**
 * The pieces the buyer's after-sales screens share: the order an application is about, the
 * notice that says why an order takes no application now (and what to do instead), and the
 * whole of /order-refund and /order-after-sale, which differ only in what they are for.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ApplyRefusal } from "@market/aftersales/case-views";
import type { AfterSaleKind } from "../../functions/db/schema";
import { PageHeader } from "~/components/page-header";
import type { Eligibility, OrderSummary } from "~/server/after-sale.server";
import styles from "./after-sale.module.css";
import { TitledSection } from "./titled-section";

const NS = "aftersales-screens";

export function OrderSummaryCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation(NS);
  return (
    <section className={styles.order} aria-label={t("entry.orderTitle")}>
      <p className={styles.orderNo}>{t("entry.orderNo", { orderNo: order.orderNo })}</p>
      <h2 className={styles.event} data-testid="order-event">
        {order.eventTitle}
      </h2>
      <p className={styles.meta}>
        <time dateTime={order.when.iso}>{order.when.text}</time> · {order.venueName}
      </p>
      <div className={styles.paidRow}>
        <span>{t("entry.tickets", { count: order.quantity })}</span>
        <span>
          {t(order.paid ? "entry.paid" : "entry.total")} <strong data-testid="order-total">{order.total}</strong>
        </span>
      </div>
    </section>
  );
}

/** Where each refusal sends the buyer. */
function refusalHref(refusal: ApplyRefusal, orderId: number, order: OrderSummary, openCaseId: number | null): string {
  switch (refusal) {
    case "not_paid":
    case "voided":
    case "listed_for_resale":
    case "resold":
      return `/order-detail?id=${orderId}`;
    case "case_open":
      return openCaseId ? `/process-list?id=${openCaseId}` : "/process-list";
    case "nothing_left":
      return "/process-list";
    default:
      return `/emailSupport?${new URLSearchParams({ type: "refund", orderNo: order.orderNo })}`;
  }
}

export function RefusalNotice({ eligibility, order }: { eligibility: Eligibility; order: OrderSummary }) {
  const { t } = useTranslation(NS);
  const refusal = eligibility.refusal ?? "not_paid";
  return (
    <section className={styles.refusal} role="status" data-testid="refusal" data-refusal={refusal}>
      <span className={styles.refusalMark} aria-hidden="true">
        !
      </span>
      <div className={styles.refusalText}>
        <h2 className={styles.refusalTitle}>{t(`refusals.${refusal}.title`)}</h2>
        <p className={styles.refusalBody}>{t(`refusals.${refusal}.body`, { date: eligibility.applyUntil })}</p>
        <Link to={refusalHref(refusal, order.id, order, eligibility.openCaseId)} className={styles.refusalAction}>
          {t(`refusals.${refusal}.action`)}
        </Link>
      </div>
    </section>
  );
}

interface EntryProps {
  kind: AfterSaleKind;
  order: OrderSummary;
  eligibility: Eligibility;
  applyHref: string;
  switchHref: string;
}

/** /order-refund and /order-after-sale: what the application is for, the policy, and the way in. */
export function AfterSaleEntry({ kind, order, eligibility, applyHref, switchHref }: EntryProps) {
  const { t } = useTranslation(NS);
  const steps = t("entry.steps", { returnObjects: true }) as string[];
  return (
    <div className={styles.page}>
      <PageHeader title={t(`entry.${kind}.title`)} fallback={`/order-detail?id=${order.id}`} />
      <main className={styles.main}>
        <section className={styles.hero} data-kind={kind}>
          <span className={styles.heroArt} aria-hidden="true">
            {kind === "refund" ? <RefundArt /> : <TicketArt />}
          </span>
          <h2 className={styles.heroTitle}>{t(`entry.${kind}.heroTitle`)}</h2>
          <p className={styles.heroBody}>{t(`entry.${kind}.heroBody`)}</p>
        </section>

        <OrderSummaryCard order={order} />

        {eligibility.allowed ? (
          <section className={styles.eligible} data-testid="eligible">
            <h2 className={styles.eligibleTitle}>
              <span className={styles.tick} aria-hidden="true">
                ✓
              </span>
              {t("entry.eligibleTitle")}
            </h2>
            <ul className={styles.limits}>
              <li>{t("entry.refundUpTo", { amount: eligibility.maxRefund })}</li>
              {kind === "after_sale" ? <li>{t("entry.compensationUpTo", { amount: eligibility.maxCompensation })}</li> : null}
            </ul>
            <p className={styles.until}>{t("entry.eligibleUntil", { date: eligibility.applyUntil })}</p>
          </section>
        ) : (
          <RefusalNotice eligibility={eligibility} order={order} />
        )}

        <TitledSection id="how-title" title={t("entry.howTitle")} className={styles.card} titleClassName={styles.cardTitle}>
          <ol className={styles.steps}>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <Link to="/refund" className={styles.textLink}>
            {t("entry.policy")}
          </Link>
        </TitledSection>

        <p className={styles.switch}>
          {t(`entry.${kind}.switchPrompt`)}{" "}
          <Link to={switchHref} className={styles.textLink}>
            {t(`entry.${kind}.switchLink`)}
          </Link>
        </p>
      </main>

      <div className={styles.footer}>
        {eligibility.allowed ? (
          <Link to={applyHref} className={styles.primary}>
            {t(`entry.${kind}.apply`)}
          </Link>
        ) : (
          <Link to="/process-list" className={styles.secondary}>
            {t("entry.myApplications")}
          </Link>
        )}
      </div>
    </div>
  );
}

function RefundArt() {
  return (
    <svg viewBox="0 0 48 48">
      <circle cx="24" cy="24" r="24" fill="var(--color-brand-soft)" />
      <path d="M15 22a10 10 0 1 1 3 9" fill="none" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" />
      <path d="M11 18l4 5 5-4" fill="none" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M25 18v12M22 21.5h5a2 2 0 0 1 0 4h-4a2 2 0 0 0 0 4h5" fill="none" stroke="var(--color-brand)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function TicketArt() {
  return (
    <svg viewBox="0 0 48 48">
      <circle cx="24" cy="24" r="24" fill="var(--color-warning-soft)" />
      <path d="M12 17h24v5a3 3 0 0 0 0 6v5H12v-5a3 3 0 0 0 0-6Z" fill="none" stroke="var(--color-warning)" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M24 20v5M24 29v.5" stroke="var(--color-warning)" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
