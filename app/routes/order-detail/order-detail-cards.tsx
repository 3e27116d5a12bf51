/**
 * The order detail's cards (/order-detail): the state while there is no delivery yet (pay,
 * cancel, buy again), the contact, the price details, the order's information, and refunds and
 * after-sales with the way to support's chat. The loader writes every amount and moment
 * (route.server.ts beside it); these only lay them out.
 */
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Countdown } from "~/components/countdown";
import { Copyable } from "~/components/copyable";
import type { AfterSalesView, OrderDetailView } from "./route.server";
import styles from "~/styles/order-cards.module.css";
import { TitledSection } from "~/components/titled-section";
import { Fact } from "~/components/fact";
import { Placeholder, SkeletonText } from "~/components/deferred";

type Detail = OrderDetailView;

export function detailHref(orderId: number): string {
  return `/order-detail?id=${orderId}`;
}

/** Contact, price details and the order's information. */
export function OrderCards({ order }: { order: Detail }) {
  const { t } = useTranslation(["orders", "order"]);
  return (
    <>
        <TitledSection id="order-contact" title={t("detail.contactTitle")} className={styles.card} titleClassName={styles.cardTitle}>
          <dl className={styles.facts}>
            <Fact label={t("detail.email")} testId="contact-email">{order.contact.email}</Fact>
            <Fact label={t("detail.phone")}>{order.contact.phone}</Fact>
          </dl>
        </TitledSection>

        <TitledSection id="order-price" title={t("detail.priceTitle")} className={styles.card} titleClassName={styles.cardTitle}>
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
        </TitledSection>

        <TitledSection id="order-info" title={t("detail.infoTitle")} className={styles.card} titleClassName={styles.cardTitle}>
          <dl className={styles.facts}>
            <Fact label={t("detail.orderNo")}>
              <Copyable value={order.orderNo} testId="order-no" />
            </Fact>
            {order.placedAt ? <Fact label={t("detail.placedAt")}>{order.placedAt}</Fact> : null}
            {order.paidAt ? <Fact label={t("detail.paidAt")}>{order.paidAt}</Fact> : null}
            {order.canceledAt ? <Fact label={t("detail.canceledAt")}>{order.canceledAt}</Fact> : null}
            <Fact label={t("detail.channel")}>{t(`channels.${order.channel}`, { defaultValue: order.channel })}</Fact>
            <Fact label={t("detail.tradeCurrency")}>{order.price.tradeCurrency}</Fact>
            {order.price.charged ? (
              // Shown in another currency than charged: which, and at what rate (recorded when placed).
              <>
                <Fact label={t("detail.displayCurrency")}>{order.price.displayCurrency}</Fact>
                <Fact label={t("detail.exchangeRate")} testId="exchange-rate">{t("detail.rate", { trade: order.price.tradeCurrency, rate: order.price.exchangeRate, display: order.price.displayCurrency })}</Fact>
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
        </TitledSection>

    </>
  );
}

/** The order's state while it has no delivery yet: awaiting payment, canceled, or paid and being prepared. */
export function StatusCard({ order, payTrigger, cancelError, buyAgainError }: { order: Detail; payTrigger: React.ReactNode; cancelError: string | null; buyAgainError: string | null }) {
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

/** The after-sales card while it streams in: its title and its two links' rows, so nothing below moves. */
export function AfterSalesPlaceholder() {
  const { t } = useTranslation("orders");
  return (
    <Placeholder className={styles.card} label={t("detail.afterSalesTitle")}>
      <h2 className={styles.cardTitle}>{t("detail.afterSalesTitle")}</h2>
      <div className={styles.links}>
        <span className={styles.rowLink}>
          <SkeletonText width="40%" />
        </span>
        <span className={styles.rowLink}>
          <SkeletonText width="55%" />
        </span>
      </div>
    </Placeholder>
  );
}

export function AfterSales({ afterSales }: { afterSales: AfterSalesView }) {
  const { t } = useTranslation("orders");
  return (
    <TitledSection id="order-after-sales" title={t("detail.afterSalesTitle")} className={styles.card} titleClassName={styles.cardTitle} data-testid="after-sales">
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
    </TitledSection>
  );
}

