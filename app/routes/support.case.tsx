/**
 * One after-sales case in the support console (/support/cases/:id, support role): what the
 * buyer asked for and why, the order it is about, the receiving account (masked, as everywhere),
 * the progress timeline, and the decision: approve, granting up to the amounts asked, or reject,
 * always with a reason the buyer is shown. An approved refund goes back through the payment port.
 * Once approved, support records compensation paid out by finance.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField, FormError } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { Fact, Timeline } from "~/components/console-order";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useCheckedForm } from "~/components/field/checked-form";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleRecord, consoleWriters, recordId, requireConsole, SUPPORT_TIME_ZONE, takeStep } from "~/server/console.server";
import { decideCase, getCaseForSupport, recordCompensationPaid } from "@market/aftersales";
// The form's schema from its own zod/mini module: the aftersales index would bring the domain into the browser.
import { decideSchema } from "@market/aftersales/apply-schema";
import { toMajorString } from "@market/money/minor-units";
import type { Route } from "./+types/support.case";
import { readForm } from "~/server/form.server";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["console", "aftersale", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const id = recordId(params.id);
  const [found, write, t] = await Promise.all([
    consoleRecord(getCaseForSupport(ctx, id)),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "console"),
  ]);
  const money = (amount: number | null) => (amount === null ? null : write.money(amount, found.currency));
  const at = (instant: number) => write.moment(instant, SUPPORT_TIME_ZONE);
  return data(
    {
      title: `${t("case.title", { caseNo: found.caseNo })} · ${t("layout.name.support")}`,
      found: {
        id: found.id,
        caseNo: found.caseNo,
        kind: found.kind,
        status: found.status,
        reason: found.reason,
        description: found.description,
        createdAt: at(found.createdAt),
        decidedAt: found.decidedAt === null ? null : at(found.decidedAt),
        decisionReason: found.decisionReason,
        refundAmount: money(found.refundAmount),
        compensationAmount: money(found.compensationAmount),
        approvedRefundAmount: money(found.approvedRefundAmount),
        approvedCompensationAmount: money(found.approvedCompensationAmount),
        refundedAt: found.refundedAt === null ? null : at(found.refundedAt),
        account: found.account,
        buyer: found.buyer,
        resale: found.resale,
        order: {
          id: found.order.id,
          orderNo: found.order.orderNo,
          title: found.order.eventTitle,
          when: at(found.order.startsAt),
          venue: found.order.venueName,
          quantity: found.order.quantity,
          total: write.money(found.order.total, found.order.currency),
        },
        events: found.events.map((event) => ({ kind: event.kind, actor: event.actor, note: event.note, amount: money(event.amount), at: at(event.createdAt) })),
      },
      actions: found.supportActions,
      // The decision form starts at what was asked: support grants it, or less.
      asked: {
        approvedRefundAmount: toMajorString(found.refundAmount, found.minorUnits),
        approvedCompensationAmount: toMajorString(found.compensationAmount, found.minorUnits),
      },
      currency: found.currency,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const id = recordId(params.id);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const redirectTo = `/support/cases/${id}`;
  switch (intent) {
    case "decide":
      return takeStep(context, {
        intent,
        redirectTo,
        submission: parseWithZod(formData, { schema: decideSchema }),
        run: (value) => decideCase(ctx, id, value),
        toast: (value) => `toast.${value.decision}`,
        labels: { approvedRefundAmount: "aftersale:fields.approvedRefundAmount", approvedCompensationAmount: "aftersale:fields.approvedCompensationAmount" },
      });
    case "compensation-paid":
      return takeStep(context, { intent, redirectTo, run: () => recordCompensationPaid(ctx, id) });
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function SupportCase() {
  const { found, actions, asked, currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["console", "aftersale"]);
  const account = found.account;

  return (
    <ConsoleLayout kind="support" title={t("case.title", { caseNo: found.caseNo })} back="/support/cases">
      <section className={kit.card} aria-labelledby="case-title">
        <div className={kit.cardHead}>
          <span className={kit.badge} data-tone={found.status === "submitted" ? "owed" : undefined} data-testid="case-status">
            {t(`aftersale:statuses.${found.status}`)}
          </span>
          <span className={kit.hint}>{found.createdAt}</span>
        </div>
        <h2 id="case-title" className={kit.cardTitle}>
          {t(`aftersale:kinds.${found.kind}`)} · {t(`aftersale:reasons.${found.reason}`)}
        </h2>
        {found.description ? <p className={kit.stepNote}>{found.description}</p> : null}
        <dl className={kit.facts}>
          <Fact label={t("case.caseNo")} value={<span className={kit.mono}>{found.caseNo}</span>} />
          <Fact label={t("case.buyer")} value={found.buyer.nickname ? `${found.buyer.nickname} · ${found.buyer.email}` : found.buyer.email} />
          <Fact label={t("aftersale:fields.refundAmount")} value={found.refundAmount} testId="asked-refund" />
          <Fact label={t("aftersale:fields.compensationAmount")} value={found.compensationAmount} />
          {found.approvedRefundAmount !== null ? <Fact label={t("aftersale:fields.approvedRefundAmount")} value={found.approvedRefundAmount} testId="approved-refund" /> : null}
          {found.approvedCompensationAmount !== null ? <Fact label={t("aftersale:fields.approvedCompensationAmount")} value={found.approvedCompensationAmount} /> : null}
          {found.decisionReason ? <Fact label={t("case.decisionReason")} value={found.decisionReason} testId="decision-reason" /> : null}
          {found.refundedAt ? <Fact label={t("case.refundedAt")} value={found.refundedAt} /> : null}
          <Fact
            label={t("case.resale")}
            value={found.resale ? t(`case.resaleStatus.${found.resale.status}`, { listingId: found.resale.listingId }) : t("case.resaleNone")}
            testId="order-resale"
          />
        </dl>
      </section>

      <TitledSection id="order-title" title={found.order.title} className={kit.card} titleClassName={kit.cardTitle}>
        <dl className={kit.facts}>
          <Fact
            label={t("order.orderNo")}
            value={
              <Link to={`/support/orders/${found.order.id}`} className={`${kit.link} ${kit.mono}`}>
                {found.order.orderNo}
              </Link>
            }
          />
          <Fact label={t("order.when")} value={found.order.when} />
          <Fact label={t("order.venue")} value={found.order.venue} />
          <Fact label={t("order.total")} value={`${found.order.total} · ${t("order.quantity", { count: found.order.quantity })}`} />
        </dl>
      </TitledSection>

      <TitledSection id="account-title" title={t("case.account")} className={kit.card} titleClassName={kit.cardTitle}>
        <dl className={kit.facts} data-testid="receiving-account">
          <Fact label={t("aftersale:fields.accountCurrency")} value={t(`aftersale:currencies.${account.currency}`)} />
          <Fact label={t("aftersale:fields.recipientName")} value={account.recipientName} />
          {account.currency === "CNY" ? (
            <Fact label={t("aftersale:fields.alipayAccount")} value={<span className={kit.mono}>{account.alipayAccount}</span>} />
          ) : (
            <>
              <Fact label={t("aftersale:fields.bankName")} value={account.bankName} />
              <Fact label={t("aftersale:fields.bankCode")} value={account.bankCode} />
              <Fact label={t("aftersale:fields.swiftCode")} value={account.swiftCode} />
              <Fact label={t("aftersale:fields.cardNumber")} value={<span className={kit.mono}>{account.cardNumber}</span>} />
              <Fact label={t("aftersale:fields.accountOpeningArea")} value={account.accountOpeningArea} />
            </>
          )}
        </dl>
      </TitledSection>

      {actions.decide ? <Decision reply={reply} asked={asked} currency={currency} /> : null}

      {actions.recordCompensationPaid ? (
        <StepForm intent="compensation-paid" title={t("case.compensationTitle")} hint={t("case.compensationHint")} submit={t("case.compensationSubmit")} reply={reply} tone="dark" />
      ) : null}

      <Timeline
        title={t("case.progress")}
        testId="case-timeline"
        steps={found.events.map((event) => ({
          title: event.amount ? `${t(`case.events.${event.kind}`)} · ${event.amount}` : t(`case.events.${event.kind}`),
          at: event.at,
          actor: event.actor,
          note: event.note,
        }))}
      />
    </ConsoleLayout>
  );
}

/**
 * The decision: a reason (the buyer reads it), the amounts granted (up to what was asked), and
 * Approve or Reject, which post the same form with `decision` set by the button pressed.
 */
function Decision({ reply, asked, currency }: { reply: StepReply | undefined; asked: Record<string, string>; currency: string }) {
  const { t } = useTranslation(["console", "aftersale"]);
  const navigation = useNavigation();
  const { form, formProps, fields } = useCheckedForm({
    id: "decide",
    lastResult: reply?.intent === "decide" ? reply.result : undefined,
    names: ["reason", "approvedRefundAmount", "approvedCompensationAmount"],
    schema: () => import("@market/aftersales/apply-schema").then((schemas) => schemas.decideSchema),
    defaults: asked,
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "decide";
  return (
    <TitledSection id="decide-title" title={t("case.decideTitle")} className={kit.card} titleClassName={kit.cardTitle}>
      <p className={kit.hint}>{t("case.decideHint")}</p>
      <Form method="post" {...formProps} className={kit.form}>
        <input type="hidden" name="intent" value="decide" />
        <ConsoleField field={fields.reason} label={t("aftersale:fields.decisionReason")} multiline />
        <div className={kit.pair}>
          <ConsoleField field={fields.approvedRefundAmount} label={t("case.grantRefund", { currency })} inputMode="decimal" />
          <ConsoleField field={fields.approvedCompensationAmount} label={t("case.grantCompensation", { currency })} inputMode="decimal" />
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <div className={kit.pair}>
          <button type="submit" name="decision" value="reject" className={kit.secondary} disabled={busy}>
            {t("aftersale:decisions.reject")}
          </button>
          <button type="submit" name="decision" value="approve" className={kit.button} disabled={busy}>
            {t("aftersale:decisions.approve")}
          </button>
        </div>
      </Form>
    </TitledSection>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
