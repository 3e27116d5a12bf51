/**
 * processList (/process-list, SPEC §2, login): the buyer's after-sales applications, newest
 * first, each with its progress as a timeline: submitted → under review → approved or rejected
 * with customer service's reason → refund started → refunded, the refund going back to the
 * original payment method in 1-3 working days (SPEC §4). ?id= opens one application: its
 * amounts, reason, the receiving account exactly as the domain returns it (numbers masked; this
 * page never has more), and Withdraw while it awaits review. ?page= pages through older ones.
 */
import { data, type AppLoadContext, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { shortDateTime } from "~/i18n/session-time";
import { idParam, moneyWriter, notFoundPage, type MoneyWriter } from "~/server/after-sale.server";
import { refusalText, requireUser } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { getMyCase, listMyCases, withdrawCase, type AfterSaleCaseView, type MaskedReceivingAccount } from "@market/aftersales";
import { caseIdSchema } from "@market/aftersales/apply-schema";
import { pagingSchema } from "@market/paging";
import shell from "~/components/after-sale.module.css";
import styles from "./process-list.module.css";
import type { Route } from "./+types/process-list";
import { readForm } from "~/server/form.server";
import { isMissing } from "~/server/refusal.server";

export const handle = { i18n: ["aftersales-screens", "aftersale", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 10;

/** A timeline step: something that happened (an event), or what comes next. */
interface Step {
  /** An event kind (`aftersale:events.*`) or a step still to come (`process.steps.*`). */
  kind: string;
  state: "done" | "failed" | "current" | "upcoming";
  at: { iso: string; text: string } | null;
  /** Customer service's reason, as they wrote it. */
  note: string | null;
  amount: string | null;
  /** A line under the step (`process.steps.*`). */
  body: string | null;
}

/**
 * The timeline: every event so far, then what is still to come while the case is open. A
 * started refund says when the money arrives (SPEC §4).
 */
function timelineOf(item: AfterSaleCaseView, write: (amount: number) => string, when: (at: number) => { iso: string; text: string }): Step[] {
  const steps: Step[] = item.events.map((event) => ({
    kind: event.kind,
    state: event.kind === "rejected" ? "failed" : "done",
    at: when(event.createdAt),
    note: event.note,
    amount: event.amount !== null && event.amount > 0 ? write(event.amount) : null,
    body: event.kind === "refund_started" ? "refundPendingBody" : null,
  }));
  // What comes next is the domain's rule (aftersales/rules.ts nextSteps); the screen adds the line under the current step.
  for (const { step, state } of item.next) {
    const body = state !== "current" ? null : step === "review" ? "reviewBody" : step === "refund" ? "refundPendingBody" : null;
    steps.push({ kind: step, state, at: null, note: null, amount: null, body });
  }
  return steps;
}

function caseView(item: AfterSaleCaseView, money: MoneyWriter, context: AppLoadContext) {
  const { language, timeZone } = context.market.viewer;
  const write = (amount: number) => money.write(amount, item.currency);
  const when = (at: number) => ({ iso: new Date(at).toISOString(), text: shortDateTime(at, timeZone, language) });
  const granted = item.approvedRefundAmount !== null || item.approvedCompensationAmount !== null;
  return {
    id: item.id,
    caseNo: item.caseNo,
    kind: item.kind,
    status: item.status,
    reason: item.reason,
    description: item.description,
    appliedOn: when(item.createdAt),
    order: { id: item.order.id, orderNo: item.order.orderNo, eventTitle: item.order.eventTitle },
    asked: { refund: item.refundAmount > 0 ? write(item.refundAmount) : null, compensation: item.compensationAmount > 0 ? write(item.compensationAmount) : null },
    approved: granted
      ? {
          refund: item.approvedRefundAmount ? write(item.approvedRefundAmount) : null,
          compensation: item.approvedCompensationAmount ? write(item.approvedCompensationAmount) : null,
        }
      : null,
    account: item.account,
    timeline: timelineOf(item, write, when),
    canWithdraw: item.actions.withdraw,
  };
}

type CaseItem = ReturnType<typeof caseView>;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const url = new URL(request.url);
  const [money, t] = await Promise.all([moneyWriter(context), i18nServer.getFixedT(market.viewer.language, ["aftersales-screens", "common"])]);
  const headers = { "cache-control": "no-store" };
  if (url.searchParams.has("id")) {
    const item = await getMyCase(market, idParam(request, "id")).catch(notFoundPage);
    return data({ title: `${t("aftersales-screens:process.detailTitle")} · ${t("common:appName")}`, detail: caseView(item, money, context), list: null }, { headers });
  }
  const paging = pagingSchema.safeParse({ page: url.searchParams.get("page"), pageSize: PAGE_SIZE });
  if (!paging.success) throw data(null, { status: 404 });
  const page = await listMyCases(market, paging.data);
  return data(
    {
      title: `${t("aftersales-screens:process.title")} · ${t("common:appName")}`,
      detail: null,
      list: { items: page.list.map((item) => caseView(item, money, context)), page: page.page, pages: Math.max(1, Math.ceil(page.total / page.pageSize)), hasMore: page.hasMore },
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const formData = await readForm(request);
  const parsed = caseIdSchema.safeParse({ caseId: formData.get("caseId") ?? undefined });
  if (formData.get("intent") !== "withdraw" || !parsed.success) throw data(null, { status: 400 });
  try {
    await withdrawCase(context.market, parsed.data.caseId);
    return redirectWithToast(`/process-list?id=${parsed.data.caseId}`, { kind: "success", key: "aftersales-screens:toast.withdrawn" });
  } catch (error) {
    if (isMissing(error)) notFoundPage(error);
    return data({ error: await refusalText(error, context) }, { status: 400 });
  }
}

export default function ProcessList() {
  const { detail, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("aftersales-screens");
  if (detail) return <CaseDetail item={detail} />;
  if (!list) return null;
  const pageHref = (page: number) => (page > 1 ? `/process-list?page=${page}` : "/process-list");
  return (
    <div className={shell.page}>
      <PageHeader title={t("process.title")} fallback="/mine" />
      <main className={shell.main}>
        {list.items.length === 0 ? (
          <section className={styles.empty} aria-labelledby="process-empty" data-testid="empty">
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <path d="M28 36h40v8a5 5 0 0 0 0 10v8H28v-8a5 5 0 0 0 0-10Z" fill="var(--color-brand)" />
              <path d="M42 49l4 4 8-8" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2 id="process-empty" className={styles.emptyTitle}>
              {t("process.emptyTitle")}
            </h2>
            <p className={styles.emptyBody}>{t("process.emptyBody")}</p>
            <Link to="/my-order" className={styles.emptyAction}>
              {t("process.emptyAction")}
            </Link>
          </section>
        ) : (
          <ol className={styles.list}>
            {list.items.map((item) => (
              <li key={item.id}>
                <CaseCard item={item} />
              </li>
            ))}
          </ol>
        )}
        {list.page > 1 || list.hasMore ? (
          <nav className={styles.pager} aria-label={t("process.pageOf", { page: list.page, pages: list.pages })}>
            {list.page > 1 ? (
              <Link to={pageHref(list.page - 1)} className={styles.pagerLink}>
                {t("process.newer")}
              </Link>
            ) : (
              <span />
            )}
            <span className={styles.pagerCount}>{t("process.pageOf", { page: list.page, pages: list.pages })}</span>
            {list.hasMore ? (
              <Link to={pageHref(list.page + 1)} className={styles.pagerLink}>
                {t("process.older")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </main>
    </div>
  );
}

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

function CaseCard({ item }: { item: CaseItem }) {
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

function CaseDetail({ item }: { item: CaseItem }) {
  const { t } = useTranslation(["aftersales-screens", "aftersale"]);
  const actionData = useActionData<typeof action>();
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

        <section className={shell.card} aria-labelledby="timeline-title">
          <h2 id="timeline-title" className={shell.cardTitle}>
            {t("process.timelineTitle")}
          </h2>
          <Timeline steps={item.timeline} />
        </section>

        <section className={shell.card} aria-labelledby="reason-title">
          <h2 id="reason-title" className={shell.cardTitle}>
            {t("process.reason")}
          </h2>
          <p className={styles.reason}>{t(`aftersale:reasons.${item.reason}`)}</p>
          {item.description ? <p className={styles.description}>{item.description}</p> : null}
        </section>

        <section className={shell.card} aria-labelledby="account-title">
          <h2 id="account-title" className={shell.cardTitle}>
            {t("process.account")}
          </h2>
          <Account account={item.account} />
        </section>

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
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
