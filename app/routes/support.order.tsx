/**
 * One order in the support console (/support/orders/:id, support role): its facts, the buyer's
 * account and payments, its after-sales cases, the delivery timeline, and the platform
 * intervention of SPEC §6: extend the provider's deadline, complete the delivery on the
 * provider's behalf, or void it and refund the whole payment. Each intervention asks in a
 * confirm dialog and needs a reason, which the timeline keeps.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { useCheckedForm } from "~/components/field/checked-form";
import { ConsoleField, FormError } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { DeliveryDetails, DeliveryTimeline, Fact, OrderSummary } from "~/components/console-order";
import type { StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleRecord, consoleWriters, orderFacts, recordId, requireConsole, takeStep, wallTimeValue } from "~/server/console.server";
import { listCases } from "@market/aftersales";
import type { InterventionAction } from "@market/delivery";
import { interventionSchema } from "@market/delivery/delivery-schemas";
import { getSupportOrder, intervene } from "@market/payments";
import type { Route } from "./+types/support.order";
import { readForm } from "~/server/form.server";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["console", "order", "errors", "aftersale", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

const DAY = 24 * 60 * 60_000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const id = recordId(params.id);
  const [order, write, t] = await Promise.all([
    consoleRecord(getSupportOrder(ctx, id)),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "console"),
  ]);
  // The order's cases: a search by its order no., kept to this order.
  const cases = await listCases(ctx, { query: order.orderNo, paging: { page: 1, pageSize: 20 } });
  const timeZone = order.event.timeZone;
  const dueAt = order.delivery.dueAt;
  return data(
    {
      title: `${t("supportOrder.title", { orderNo: order.orderNo })} · ${t("layout.name.support")}`,
      order: orderFacts(order, write),
      buyer: order.buyer,
      payments: order.payments.map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        status: payment.status,
        amount: write.money(payment.amount, payment.currency),
        refundedAt: payment.refundedAt === null ? null : write.moment(payment.refundedAt, timeZone),
      })),
      cases: cases.list
        .filter((found) => found.order.id === order.id)
        .map((found) => ({ id: found.id, caseNo: found.caseNo, status: found.status, kind: found.kind, createdAt: write.moment(found.createdAt, timeZone) })),
      actions: order.actions,
      // A new deadline starts a day after the current one (or after now), in the venue's time.
      suggestedDueAt: wallTimeValue(Math.max(dueAt ?? 0, ctx.now()) + DAY, timeZone),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireConsole(request, context, "support");
  const id = recordId(params.id);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: interventionSchema });
  const intent = String(formData.get("action") ?? "");
  return takeStep(context, {
    intent,
    submission,
    redirectTo: `/support/orders/${id}`,
    run: (value) => intervene(context.market, id, value),
    toast: (value) => `toast.${value.action}`,
  });
}

export default function SupportOrder() {
  const { order, buyer, payments, cases, actions, suggestedDueAt } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["console", "aftersale"]);

  return (
    <ConsoleLayout kind="support" title={t("supportOrder.title", { orderNo: order.orderNo })} back="/support">
      <OrderSummary order={order}>
        <Fact label={t("supportOrder.seller")} value={order.seller} />
        <Fact label={t("supportOrder.account")} value={`${buyer.email} · #${buyer.userId}`} />
      </OrderSummary>

      <TitledSection id="intervene-title" title={t("intervene.title")} className={kit.card} titleClassName={kit.cardTitle}>
        {actions.length === 0 ? (
          <p className={kit.hint}>{t("intervene.none")}</p>
        ) : (
          <>
            <p className={kit.hint}>{t("intervene.hint")}</p>
            <div className={kit.actions}>
              {actions.map((action) => (
                <Intervention key={action} action={action} reply={reply} suggestedDueAt={suggestedDueAt} />
              ))}
            </div>
          </>
        )}
      </TitledSection>

      <TitledSection id="payments-title" title={t("supportOrder.payments")} className={kit.card} titleClassName={kit.cardTitle}>
        {payments.length === 0 ? (
          <p className={kit.hint}>{t("supportOrder.noPayments")}</p>
        ) : (
          <dl className={kit.facts}>
            {payments.map((payment) => (
              <Fact
                key={payment.id}
                label={`${payment.provider} #${payment.id}`}
                value={[payment.amount, t(`payment.${payment.status}`, { defaultValue: payment.status }), payment.refundedAt ? t("supportOrder.refundedAt", { at: payment.refundedAt }) : null]
                  .filter(Boolean)
                  .join(" · ")}
              />
            ))}
          </dl>
        )}
      </TitledSection>

      <TitledSection id="cases-title" title={t("supportOrder.cases")} className={kit.card} titleClassName={kit.cardTitle}>
        {cases.length === 0 ? (
          <p className={kit.hint}>{t("supportOrder.noCases")}</p>
        ) : (
          <ul className={kit.list}>
            {cases.map((found) => (
              <li key={found.id}>
                <Link to={`/support/cases/${found.id}`} className={kit.fileRow}>
                  <span className={`${kit.fileName} ${kit.mono}`}>{found.caseNo}</span>
                  <span className={kit.badge}>{t(`aftersale:statuses.${found.status}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <DeliveryDetails delivery={order.delivery} />
      <DeliveryTimeline timeline={order.delivery.timeline} />
    </ConsoleLayout>
  );
}

/**
 * One intervention: a button that opens a confirm dialog asking for the reason (and, to extend
 * the deadline, the new one). The dialog's form posts this page; a refusal or a missing reason
 * comes back in it.
 */
function Intervention({ action, reply, suggestedDueAt }: { action: InterventionAction; reply: StepReply | undefined; suggestedDueAt: string }) {
  const { t } = useTranslation("console");
  const location = useLocation();
  const mine = reply?.intent === action ? reply.result : undefined;
  const { form, formProps, fields } = useCheckedForm({
    id: `intervene-${action}`,
    lastResult: mine,
    names: action === "extend_deadline" ? ["dueAt", "reason"] : ["reason"],
    schema: () => import("@market/delivery/delivery-schemas").then((schemas) => schemas.interventionSchema),
    defaults: { dueAt: suggestedDueAt },
  });
  const name = action.replace(/_/g, "-");
  return (
    <ConfirmDialog
      name={name}
      trigger={t(`intervene.${action}.trigger`)}
      triggerClassName={action === "void_and_refund" ? kit.secondary : kit.dark}
      title={t(`intervene.${action}.title`)}
      message={t(`intervene.${action}.message`)}
      confirmLabel={t(`intervene.${action}.confirm`)}
      // Posting to this page with the question open keeps it open, with its errors, without JavaScript.
      action={`${location.pathname}?confirm=${name}`}
      formProps={formProps}
    >
      <input type="hidden" name="action" value={action} />
      <div className={kit.dialogFields}>
        {action === "extend_deadline" ? <ConsoleField field={fields.dueAt} label={t("intervene.dueAt")} type="datetime-local" hint={t("intervene.dueAtHint")} /> : null}
        <ConsoleField field={fields.reason} label={t("intervene.reason")} multiline />
        <FormError id={form.errorId} errors={form.errors} />
      </div>
    </ConfirmDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
