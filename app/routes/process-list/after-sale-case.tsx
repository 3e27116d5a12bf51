/**
 * An after-sales case as the buyer follows it (/process-list): the card in the list, and the
 * detail with its timeline, amounts, reason, the receiving account (masked) and Withdraw while it
 * awaits review, and the way to support's chat. The loader writes every amount and moment.
 */
import { Link, useActionData } from "react-router";
import { useTranslation } from "react-i18next";
import { SupportChatCard } from "~/components/chat-bits";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import type { CaseItem, Step } from "./route.server";
import type { MaskedReceivingAccount } from "@market/aftersales";
import shell from "~/components/after-sale.module.css";
import styles from "./after-sale-case.module.css";
import { TitledSection } from "~/components/titled-section";

/** The kind, the status and the application's number: the head of a card and of the detail. */
function CaseHead({ item }: { item: CaseItem }) {
  const { t } = useTranslation(["aftersales-screens", "aftersale"]);
  return (
    <div className={styles.head}>
      <span className={styles.kind}>{t(`aftersale:kinds.${item.kind}`)}</span>
      <span className={styles.status} data-status={item.status} data-testid="case-status">
        {t(`aftersale:statuses.${item.status}`)}
      </span>
      <span className={styles.caseNo}>{t("process.caseNo", { caseNo: item.caseNo })}</span>
    </div>
  );
}

function Amounts({ item }: { item: CaseItem }) {
  const { t } = useTranslation("aftersales-screens");
  const row = (label: string, asked: string | null, approved: string | null | undefined) =>
    asked || approved ? (
      <div className={styles.amountRow}>
        <dt>{label}</dt>
        <dd>
          <span data-testid="asked">{asked ?? "—"}</span>
          {item.approved ? (
            <span className={styles.approvedAmount} data-testid="approved">
              {t("process.approvedAmounts")} {approved ?? "—"}
            </span>
          ) : null}
        </dd>
      </div>
    ) : null;
  return (
    <dl className={styles.amounts} aria-label={t("process.asked")}>
      {row(t("process.refund"), item.asked.refund, item.approved?.refund)}
      {row(t("process.compensation"), item.asked.compensation, item.approved?.compensation)}
    </dl>
  );
}

export function CaseCard({ item }: { item: CaseItem }) {
  const { t } = useTranslation("aftersales-screens");
  return (
    <article className={shell.card} aria-labelledby={`case-${item.id}`} data-testid="case">
      <CaseHead item={item} />
      <h2 id={`case-${item.id}`} className={styles.event}>
        {item.order.eventTitle}
      </h2>
      <p className={styles.applied}>
        <time dateTime={item.appliedOn.iso}>{t("process.appliedOn", { date: item.appliedOn.text })}</time>
      </p>
      <Amounts item={item} />
      <Timeline steps={item.timeline} />
      <Link to={`/process-list?id=${item.id}`} className={styles.detailsLink} aria-label={`${t("process.details")} · ${item.caseNo}`}>
        {t("process.details")}
      </Link>
    </article>
  );
}

/** The progress, oldest first: done steps with their time, then what is still to come. */
function Timeline({ steps }: { steps: Step[] }) {
  const { t } = useTranslation(["aftersales-screens", "aftersale"]);
  return (
    <ol className={styles.timeline} aria-label={t("process.timelineTitle")} data-testid="timeline">
      {steps.map((step, index) => (
        <li key={`${step.kind}-${index}`} className={styles.step} data-state={step.state} data-kind={step.kind}>
          <span className={styles.dot} aria-hidden="true" />
          <div className={styles.stepText}>
            <p className={styles.stepTitle}>
              {step.at ? t(`aftersale:events.${step.kind}`) : t(`process.steps.${step.kind}`)}
              {step.amount ? <strong className={styles.stepAmount}>{step.amount}</strong> : null}
            </p>
            {step.note ? <p className={styles.stepNote}>{t("process.steps.supportSaid", { note: step.note })}</p> : null}
            {step.body ? <p className={styles.stepBody}>{t(`process.steps.${step.body}`)}</p> : null}
            {step.at ? (
              <time className={styles.stepTime} dateTime={step.at.iso}>
                {step.at.text}
              </time>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The receiving account as the domain returns it: numbers already masked. */
function Account({ account }: { account: MaskedReceivingAccount }) {
  const { t } = useTranslation(["aftersales-screens", "aftersale"]);
  const rows: [string, string][] =
    account.currency === "CNY"
      ? [
          ["accountCurrency", t(`aftersale:currencies.CNY`)],
          ["recipientName", account.recipientName],
          ["alipayAccount", account.alipayAccount],
        ]
      : [
          ["accountCurrency", t(`aftersale:currencies.HKD`)],
          ["recipientName", account.recipientName],
          ["bankName", account.bankName],
          ["bankCode", account.bankCode],
          ["swiftCode", account.swiftCode],
          ["cardNumber", account.cardNumber],
          ["accountOpeningArea", account.accountOpeningArea],
        ];
  return (
    <dl className={styles.facts} data-testid="account">
      {rows.map(([field, value]) => (
        <div key={field} className={styles.fact}>
          <dt>{t(`aftersale:fields.${field}`)}</dt>
          <dd data-field={field}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CaseDetail({ item }: { item: CaseItem }) {
  const { t } = useTranslation(["aftersales-screens", "aftersale"]);
  const actionData = useActionData<{ error?: string }>();
  const here = `/process-list?id=${item.id}`;
  return (
    <div className={shell.page}>
      <PageHeader title={t("process.detailTitle")} fallback="/process-list" />
      <main className={shell.main}>
        <section className={shell.card} aria-labelledby="case-title" data-testid="case">
          <CaseHead item={item} />
          <h2 id="case-title" className={styles.event}>
            {item.order.eventTitle}
          </h2>
          <p className={styles.applied}>
            <time dateTime={item.appliedOn.iso}>{t("process.appliedOn", { date: item.appliedOn.text })}</time>
          </p>
          <p className={styles.orderLink}>
            <Link to={`/order-detail?id=${item.order.id}`}>{t("process.orderLink", { orderNo: item.order.orderNo })}</Link>
          </p>
          <Amounts item={item} />
        </section>

        <TitledSection id="timeline-title" title={t("process.timelineTitle")} className={shell.card} titleClassName={shell.cardTitle}>
          <Timeline steps={item.timeline} />
        </TitledSection>

        <TitledSection id="reason-title" title={t("process.reason")} className={shell.card} titleClassName={shell.cardTitle}>
          <p className={styles.reason}>{t(`aftersale:reasons.${item.reason}`)}</p>
          {item.description ? <p className={styles.description}>{item.description}</p> : null}
        </TitledSection>

        <TitledSection id="account-title" title={t("process.account")} className={shell.card} titleClassName={shell.cardTitle}>
          <Account account={item.account} />
        </TitledSection>

        {actionData?.error ? (
          <div className={shell.banner} role="alert">
            <p>{actionData.error}</p>
          </div>
        ) : null}

        {item.canWithdraw ? (
          <ConfirmDialog
            name="withdraw"
            trigger={t("process.withdraw")}
            triggerClassName={styles.withdraw}
            title={t("process.withdrawTitle")}
            message={t("process.withdrawMessage")}
            confirmLabel={t("process.withdrawConfirm")}
            action={here}
          >
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="caseId" value={item.id} />
          </ConfirmDialog>
        ) : null}

        <Link to="/process-list" className={styles.allLink}>
          {t("process.allApplications")}
        </Link>
        <SupportChatCard />
      </main>
    </div>
  );
}
