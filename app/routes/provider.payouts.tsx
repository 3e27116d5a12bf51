/**
 * What the seller will be paid (/provider/payouts, seller role): the payout account, its own
 * step asked for before the first payout (decision 251), with a prompt while payouts wait for
 * it; per paid order, the ticket price less the marketplace fee, its status (waiting for the
 * event or delivery, held by an open case or by support, waiting for the account, payable) and
 * when it is due; and the statement of a month (?month=YYYY-MM, this month unless given),
 * chosen with a plain GET form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleLayout } from "~/components/console-layout";
import kit from "~/components/console-kit.module.css";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole, SUPPORT_TIME_ZONE, takeStep } from "~/server/console.server";
import { readForm } from "~/server/form.server";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { ConsoleField } from "~/components/field/console-field";
import { ChoiceCards, ChoiceFields } from "~/components/seller-choice";
import { getSellerProfile, payoutStatement, providerPayouts, savePayoutAccount, type PayoutView, type SellerProfileView } from "@market/selling";
import { payoutAccountSchema } from "@market/selling/payout-account-schema";
import type { Route } from "./+types/provider.payouts";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : new Date(ctx.now()).toISOString().slice(0, 7);
  const [payouts, statement, write, t, profile] = await Promise.all([
    providerPayouts(ctx),
    payoutStatement(ctx, { month }),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "selling"),
    getSellerProfile(ctx),
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
      /** Null for a staff provider with no profile (paid as agreed outside the platform, decision 99). */
      account: profile ? { current: accountLine(profile.payoutAccount), waiting: payouts.filter((payout) => payout.status === "awaiting_account").length } : null,
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

/** The account as the seller recognises it, numbers masked: 'Chan Tai Man · HSBC **** **** **** 6001'. */
function accountLine(account: SellerProfileView["payoutAccount"]): string | null {
  if (!account) return null;
  return account.currency === "CNY" ? `${account.recipientName} · ${account.alipayAccount}` : `${account.recipientName} · ${account.bankName} ${account.cardNumber}`;
}

const ACCOUNT_FIELDS = {
  HKD: ["bankName", "bankCode", "swiftCode", "cardNumber", "accountOpeningArea"],
  CNY: ["alipayAccount"],
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireConsole(request, context, "seller");
  const formData = await readForm(request);
  return takeStep(context, {
    intent: "account",
    redirectTo: "/provider/payouts",
    submission: parseWithZod(formData, { schema: payoutAccountSchema }),
    // The domain parses the fields itself, with the same schema.
    run: () => savePayoutAccount(context.market, Object.fromEntries(formData) as never),
    toast: () => "selling:seller.payout.saved",
    labels: Object.fromEntries(["accountCurrency", "recipientName", ...ACCOUNT_FIELDS.HKD, ...ACCOUNT_FIELDS.CNY].map((name) => [name, `selling:profile.${name}`])),
  });
}

/** The payout account step: the account on file and a way to change it, or the prompt and the form. */
function PayoutAccount({ account }: { account: { current: string | null; waiting: number } }) {
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation("selling");
  const form = (
    <StepForm intent="account" schema={() => import("@market/selling/payout-account-schema").then((schemas) => schemas.payoutAccountSchema)} submit={t("seller.payout.save")} reply={reply} bare>
      {(fields) => (
        <>
          <ChoiceCards
            field={fields.accountCurrency}
            legend={t("seller.payout.currency")}
            options={[
              { value: "HKD", label: t("seller.payout.hkd") },
              { value: "CNY", label: t("seller.payout.cny") },
            ]}
          />
          <ConsoleField field={fields.recipientName} label={t("profile.recipientName")} autoComplete="name" />
          {(["HKD", "CNY"] as const).map((currency) => (
            <ChoiceFields key={currency} when={currency}>
              {ACCOUNT_FIELDS[currency].map((name) => (
                <ConsoleField key={name} field={fields[name]} label={t(`profile.${name}`)} inputMode={name === "cardNumber" ? "numeric" : undefined} />
              ))}
            </ChoiceFields>
          ))}
        </>
      )}
    </StepForm>
  );
  return (
    <section className={kit.card} id="payout-account" aria-labelledby="payout-account-title" data-testid="payout-account">
      <h2 id="payout-account-title" className={kit.cardTitle}>
        {t("seller.payout.title")}
      </h2>
      {account.current ? (
        <>
          <p className={kit.strong}>{t("seller.payout.current", { account: account.current })}</p>
          {/* Open after a refused try, so the form shows its errors. */}
          <details open={reply?.intent === "account" || undefined}>
            <summary className={kit.link}>{t("seller.payout.change")}</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <p className={kit.banner} role="status" data-testid="payout-account-prompt">
            {account.waiting > 0 ? t("seller.payout.waiting", { count: account.waiting }) : t("seller.payout.prompt")}
          </p>
          <p className={kit.hint}>{t("seller.payout.intro")}</p>
          {form}
        </>
      )}
    </section>
  );
}

export default function ProviderPayouts() {
  const { month, payouts, statement, account } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["selling", "console"]);
  return (
    <ConsoleLayout kind="provider" title={t("payouts.title")} back="/provider/listings">
      {account ? <PayoutAccount account={account} /> : null}
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
                <span className={kit.badge} data-tone={payout.status === "payable" || payout.status === "paid" ? "done" : payout.status === "scheduled" ? "waiting" : payout.status === "awaiting_account" ? "owed" : "stopped"}>
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
