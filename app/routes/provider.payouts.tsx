/**
 * What the seller will be paid (/provider/payouts, seller role): per paid order, the ticket price
 * less the marketplace fee, its status (waiting for the event or delivery, held by an open case
 * or by support, payable) and when it is due; and the statement of a month (?month=YYYY-MM,
 * this month unless given), chosen with a plain GET form.
 */
import { data, Form, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleLayout } from "~/components/console-layout";
import kit from "~/components/console-kit.module.css";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole, SUPPORT_TIME_ZONE } from "~/server/console.server";
import { payoutStatement, providerPayouts, type PayoutView } from "@market/selling";
import type { Route } from "./+types/provider.payouts";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : new Date(ctx.now()).toISOString().slice(0, 7);
  const [payouts, statement, write, t] = await Promise.all([
    providerPayouts(ctx),
    payoutStatement(ctx, { month }),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "selling"),
  ]);
  const line = (payout: PayoutView) => ({
    orderId: payout.orderId,
    orderNo: payout.orderNo,
    title: payout.title,
    quantity: payout.quantity,
    status: payout.status,
    gross: write.money(payout.ticketAmount, payout.currency),
    fee: write.money(payout.fee, payout.currency),
    payout: write.money(payout.payout, payout.currency),
    due: write.moment(payout.payableAt, SUPPORT_TIME_ZONE),
  });
  return data(
    {
      title: t("payouts.title"),
      month,
      payouts: payouts.map(line),
      statement: {
        lines: statement.lines.length,
        totals: statement.totals.map((total) => ({
          currency: total.currency,
          payout: write.money(total.payout, total.currency),
          payable: write.money(total.payable, total.currency),
          withheld: write.money(total.withheld, total.currency),
        })),
      },
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export default function ProviderPayouts() {
  const { month, payouts, statement } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["selling", "console"]);
  return (
    <ConsoleLayout kind="provider" title={t("payouts.title")} back="/provider/listings">
      <section className={kit.card} aria-labelledby="statement-title">
        <h2 id="statement-title" className={kit.cardTitle}>
          {t("payouts.statement", { month })}
        </h2>
        <Form method="get" className={kit.searchRow}>
          <label className={kit.label} htmlFor="statement-month">
            {t("payouts.month")}
          </label>
          <input id="statement-month" name="month" type="month" defaultValue={month} className={kit.input} />
          <button type="submit" className={kit.secondary}>
            {t("payouts.show")}
          </button>
        </Form>
        {statement.totals.length === 0 ? <p className={kit.hint}>{t("payouts.noLines")}</p> : null}
        {statement.totals.map((total) => (
          <p key={total.currency} className={kit.strong} data-testid="statement-total">
            {t("payouts.totals", total)}
          </p>
        ))}
      </section>
      {payouts.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("payouts.empty")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="payouts">
          {payouts.map((payout) => (
            <li key={payout.orderId} className={kit.row}>
              <span className={kit.rowTop}>
                <span className={kit.mono}>{payout.orderNo}</span>
                <span className={kit.badge} data-tone={payout.status === "payable" || payout.status === "paid" ? "done" : payout.status === "scheduled" ? "waiting" : "stopped"}>
                  {t(`payoutStatus.${payout.status}`)}
                </span>
              </span>
              <span className={kit.rowTitle}>{t("payouts.line", { title: payout.title, count: payout.quantity })}</span>
              <span className={kit.rowMeta} data-testid="payout-amounts">
                {t("payouts.amounts", payout)}
              </span>
              <span className={kit.rowMeta}>{t("payouts.due", { at: payout.due })}</span>
            </li>
          ))}
        </ul>
      )}
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
