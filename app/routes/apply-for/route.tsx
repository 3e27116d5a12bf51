/**
 * applyFor (/apply-for?orderId=&kind=refund|after_sale, SPEC §2, login): the after-sales
 * application for one of the buyer's paid orders. The reason (the kind's own list), a
 * description, the refund amount (and, for after-sales, compensation) in the order's trade
 * currency, never more than was paid, with the viewer's currency beside it, and the receiving
 * account of SPEC §3: CNY through an Alipay account or HKD to a bank.
 *
 * A plain POST form that works without JavaScript; with it, each field is checked against the
 * domain's own schema, loaded at the form's first focus (checked-form.ts). The account fields switch with the currency by CSS alone (:has), so
 * the switch works without JavaScript too, and the server validates only the chosen group.
 * '{field} is required' (SPEC §5) per field in the viewer's language; the domain's refusals
 * (650033 'Submission failed, Please check order detail.', 650036, one open case per order) are
 * a form error; nothing typed is lost. Submitting goes to the case on /process-list with a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { OrderSummaryCard, RefusalNotice } from "~/components/after-sale-entry";
import { AmountField, Field, FieldError, LockIcon, type Writer } from "./apply-fields";
import styles from "./styles.module.css";
import shell from "~/components/after-sale.module.css";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { moneyWriter, notFoundPage } from "~/server/after-sale.server";
import { applyFormOf, applyQueryOf, refusalFieldErrors } from "./route.server";
import { refusalText, requireUser } from "~/server/auth.server";
import { readForm } from "~/server/form.server";
import { redirectWithToast } from "~/server/toast.server";
import { applyForAfterSale, getApplyContext } from "@market/aftersales";
import { applySchema } from "@market/aftersales/apply-schema";
import { APPLY_DESCRIPTION_MAX, APPLY_FIELDS, type ApplyField } from "@market/aftersales/apply-fields";
import { useCheckedForm } from "~/components/field/checked-form";
import { repliedChoiceProps, repliedInputProps } from "~/components/field/action-reply";
import { CODES, MarketError } from "@market/errors";
import { formatMoney } from "@market/money/format";
import type { Language } from "@market/context/viewer";
import type { Route } from "./+types/route";
import { isMissing } from "~/server/refusal.server";

export const handle = { i18n: ["aftersales-screens", "aftersale", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { orderId, kind } = applyQueryOf(request);
  const [apply, money, t] = await Promise.all([
    getApplyContext(context.market, orderId).catch(notFoundPage),
    moneyWriter(context),
    i18nServer.getFixedT(context.market.viewer.language, ["aftersales-screens", "common"]),
  ]);
  return data(
    { title: `${t(`aftersales-screens:apply.title.${kind}`)} · ${t("common:appName")}`, ...applyFormOf(apply, { orderId, kind }, money, context) },
    { headers: { "cache-control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const { orderId, kind } = applyQueryOf(request);
  const formData = await readForm(request);
  // The order and kind are the page's address, whatever the form says.
  formData.set("orderId", String(orderId));
  formData.set("kind", kind);
  const submission = parseWithZod(formData, { schema: applySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), code: null, openCaseId: null }, { status: 400 });
  try {
    const opened = await applyForAfterSale(context.market, submission.value);
    return redirectWithToast(`/process-list?id=${opened.id}`, { kind: "success", key: "aftersales-screens:toast.submitted" });
  } catch (error) {
    if (isMissing(error)) notFoundPage(error);
    if (!(error instanceof MarketError) || error.status >= 500) throw error;
    const found = (error.data ?? {}) as { refusal?: string; caseId?: number | null };
    return data(
      {
        result: submission.reply({ formErrors: [await refusalText(error, context)], fieldErrors: refusalFieldErrors(error.code, found.refusal) }),
        code: error.code,
        openCaseId: found.caseId ?? null,
      },
      { status: error.status },
    );
  }
}
export default function ApplyFor() {
  const { kind, order, eligibility, reasons, currencies, trade, display, max, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation(["aftersales-screens", "aftersale", "errors"]);
  const { form, formProps, fields } = useCheckedForm({
    id: "apply-for",
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    names: APPLY_FIELDS,
    schema: () => import("@market/aftersales/apply-schema").then((schemas) => schemas.applySchema),
    defaults,
  });
  const submitting = navigation.state === "submitting";
  const formError = form.errors?.[0];
  const entryHref = `${kind === "refund" ? "/order-refund" : "/order-after-sale"}?id=${order.id}`;
  const write: Writer = (amount, currency) => formatMoney(amount, currency, i18n.language as Language);
  const labelOf = (name: ApplyField) => t(`aftersale:fields.${name}`);

  const text = (name: ApplyField, options: { inputMode?: "numeric" | "email" | "text"; autoComplete?: string; autoCapitalize?: string } = {}) => {
    const field = fields[name];
    return (
      <Field field={field} label={labelOf(name)}>
        <input
          {...repliedInputProps(field, "text")}
          className={styles.control}
          placeholder={t(`apply.placeholders.${name}`)}
          autoComplete={options.autoComplete ?? "off"}
          inputMode={options.inputMode}
          autoCapitalize={options.autoCapitalize}
          spellCheck={false}
        />
      </Field>
    );
  };

  return (
    <div className={shell.page}>
      <PageHeader title={t(`apply.title.${kind}`)} fallback={entryHref} />
      <main className={`${shell.main} ${styles.formMain}`}>
        <OrderSummaryCard order={order} />
        {!eligibility.allowed ? (
          <RefusalNotice eligibility={eligibility} order={order} />
        ) : (
          <Form method="post" {...formProps} className={styles.form} aria-label={t(`apply.title.${kind}`)}>
            <input type="hidden" name={fields.orderId.name} value={defaults.orderId} />
            <input type="hidden" name={fields.kind.name} value={kind} />

            <fieldset className={styles.card} aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}>
              <legend className={styles.cardTitle}>{t("apply.reasonTitle")}</legend>
              <div className={styles.choices} role="radiogroup" aria-label={labelOf("reason")}>
                {reasons.map((reason) => (
                  <label key={reason} className={styles.choice}>
                    <input {...repliedChoiceProps(fields.reason, reason)} />
                    <span>{t(`aftersale:reasons.${reason}`)}</span>
                  </label>
                ))}
              </div>
              <FieldError field={fields.reason} label={labelOf("reason")} />
              <Field field={fields.description} label={labelOf("description")}>
                <textarea
                  {...repliedInputProps(fields.description)}
                  className={`${styles.control} ${styles.textarea}`}
                  placeholder={t("apply.descriptionPlaceholder")}
                  maxLength={APPLY_DESCRIPTION_MAX}
                  rows={4}
                />
              </Field>
            </fieldset>

            <fieldset className={styles.card}>
              <legend className={styles.cardTitle}>{t("apply.amountsTitle")}</legend>
              <p className={styles.note}>{t(kind === "refund" ? "apply.amountsNote" : "apply.amountsNoteEither", { currency: trade.code })}</p>
              <AmountField field={fields.refundAmount} label={labelOf("refundAmount")} max={max.refund} trade={trade} display={display} write={write} />
              {kind === "after_sale" ? (
                <AmountField field={fields.compensationAmount} label={labelOf("compensationAmount")} max={max.compensation} trade={trade} display={display} write={write} />
              ) : null}
            </fieldset>

            <fieldset className={styles.card}>
              <legend className={styles.cardTitle}>{t("apply.receivingTitle")}</legend>
              <p className={styles.note}>{t("apply.receivingNote")}</p>
              <div className={styles.currencies} role="radiogroup" aria-label={t("apply.currencyLegend")}>
                {currencies.map((currency) => (
                  <label key={currency} className={styles.currency}>
                    <input {...repliedChoiceProps(fields.accountCurrency, currency)} />
                    <span className={styles.currencyName}>{t(`aftersale:currencies.${currency}`)}</span>
                    <span className={styles.currencyHint}>{t(`apply.currencyHint.${currency}`)}</span>
                  </label>
                ))}
              </div>
              <FieldError field={fields.accountCurrency} label={labelOf("accountCurrency")} />
              {text("recipientName", { autoComplete: "name", autoCapitalize: "words" })}
              <div className={styles.group} data-currency="CNY">
                <p className={styles.groupTitle}>{t("apply.cnyGroup")}</p>
                {text("alipayAccount", { inputMode: "email", autoCapitalize: "none" })}
              </div>
              <div className={styles.group} data-currency="HKD">
                <p className={styles.groupTitle}>{t("apply.hkdGroup")}</p>
                {text("bankName")}
                <div className={styles.pair}>
                  {text("bankCode", { autoCapitalize: "characters" })}
                  {text("swiftCode", { autoCapitalize: "characters" })}
                </div>
                {text("cardNumber", { inputMode: "numeric" })}
                {text("accountOpeningArea")}
              </div>
              <p className={styles.masked}>
                <LockIcon />
                {t("apply.masked")}
              </p>
            </fieldset>

            <div className={shell.footer}>
              {formError ? (
                <div id={form.errorId} className={shell.banner} role="alert" data-testid="form-error">
                  <p>{formError}</p>
                  {/* 650033 asks the buyer to check the order, and an open case is worth following: one tap away. */}
                  {actionData?.code === CODES.aftersaleApply ? (
                    <Link to={`/order-detail?id=${order.id}`} className={shell.bannerLink}>
                      {t("refusals.not_paid.action")}
                    </Link>
                  ) : actionData?.code === CODES.aftersaleAlreadyOpen ? (
                    <Link to={actionData.openCaseId ? `/process-list?id=${actionData.openCaseId}` : "/process-list"} className={shell.bannerLink}>
                      {t("refusals.case_open.action")}
                    </Link>
                  ) : null}
                </div>
              ) : null}
              <button type="submit" className={shell.primary} disabled={submitting}>
                {submitting ? t("apply.submitting") : t("apply.submit")}
              </button>
            </div>
          </Form>
        )}
      </main>
    </div>
  );
}
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
