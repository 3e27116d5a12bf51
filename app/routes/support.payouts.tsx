/**
 * Payout holds (/support/payouts, support role): every payout held by support or by an open
 * after-sales case, with a decision per hold (release it, or keep it, each with a reason), a form
 * to hold an order's payout, and the change log. Real form posts: all of it works without
 * JavaScript. Anyone without the role gets the not-found page.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ReviewForm, ReviewLog, SellingReviewNav } from "~/components/selling-review";
import { heldPayouts, holdPayout, reviewLog, reviewPayoutHold } from "@market/selling";
import { payoutHoldSchema, payoutReviewSchema, type PayoutReviewInput } from "@market/selling/selling-schemas";
import { consoleWriters, requireConsole, SUPPORT_TIME_ZONE } from "~/server/console.server";
import { i18nServer } from "~/i18n/i18n.server";
import { logLines, reviewAction } from "~/server/selling-review.server";
import type { Route } from "./+types/support.payouts";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const [payouts, log, write, t] = await Promise.all([heldPayouts(ctx), reviewLog(ctx, "payout"), consoleWriters(context), i18nServer.getFixedT(ctx.viewer.language, "selling")]);
  return data(
    {
      title: t("review.payouts.title"),
      payouts: payouts.map((payout) => ({
        orderId: payout.orderId,
        orderNo: payout.orderNo,
        title: payout.title,
        status: payout.status,
        payout: write.money(payout.payout, payout.currency),
        hold: payout.hold ? { reason: payout.hold.reason, at: write.moment(payout.hold.at, SUPPORT_TIME_ZONE) } : null,
      })),
      log: logLines(log, write),
      orderNos: Object.fromEntries(payouts.map((payout) => [payout.orderId, payout.orderNo])),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(request, context, "/support/payouts", {
    hold: { schema: payoutHoldSchema, run: (value: { orderId: unknown; reason: unknown }) => holdPayout(context.market, value) },
    review: { schema: payoutReviewSchema, run: (value: PayoutReviewInput) => reviewPayoutHold(context.market, value) },
  });
}

export default function SupportPayouts() {
  const { title, payouts, log, orderNos } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["selling", "console"]);
  return (
    <ConsoleLayout kind="support" title={title} tabs>
      <SellingReviewNav />
      <p className={kit.hint}>{t("review.payouts.hint")}</p>
      {payouts.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("review.payouts.empty")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="held-payouts">
          {payouts.map((payout) => (
            <li key={payout.orderId} className={kit.card}>
              <span className={kit.rowTop}>
                <span className={kit.mono}>{payout.orderNo}</span>
                <span className={kit.badge} data-tone="stopped">
                  {t(`payoutStatus.${payout.status}`)}
                </span>
              </span>
              <p className={kit.rowTitle}>{t("review.payouts.line", payout)}</p>
              {payout.hold ? (
                <>
                  <p className={kit.rowMeta} data-testid="hold-reason">
                    {t("review.payouts.heldSince", payout.hold)}
                  </p>
                  <ReviewForm
                    intent="review"
                    idName="orderId"
                    id={payout.orderId}
                    reply={reply}
                    choices={[
                      { value: "release", label: t("review.payouts.release") },
                      { value: "keep", label: t("review.payouts.keep") },
                    ]}
                  />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <StepForm intent="hold" schema={() => import("@market/selling/selling-schemas").then((schemas) => schemas.payoutHoldSchema)} title={t("review.payouts.holdTitle")} hint={t("review.payouts.holdHint")} submit={t("review.payouts.hold")} reply={reply} tone="secondary">
        {(fields) => (
          <>
            <ConsoleField field={fields.orderId} label={t("review.payouts.orderId")} inputMode="numeric" />
            <ConsoleField field={fields.reason} label={t("review.reason")} hint={t("review.reasonHint")} />
          </>
        )}
      </StepForm>
      <ReviewLog lines={log} subjectLabel={(orderId) => orderNos[orderId] ?? `#${orderId}`} />
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
