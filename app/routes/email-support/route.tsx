/**
 * Email support (SPEC §2 emailSupport /emailSupport): the FAQ contact form (issue type, order
 * no., name, contact email, phone, message). A plain POST form that works without JavaScript;
 * with it, each field is checked against the same schema as the server, loaded at the form's
 * first focus (checked-form.ts). Customer service
 * replies within 48 hours; at most 5 requests a day per account and per address.
 * ?orderNo= and ?type= prefill the form (from an order or an answer); ?sent= shows the receipt.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { Field, Sent, SupportIntro } from "./support-parts";
import form from "./styles.module.css";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { optionalUser } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { readUserInfo } from "@market/accounts";
import { CODES, MarketError } from "@market/errors";
import { SUPPORT_FIELDS, SUPPORT_ISSUE_TYPES, SUPPORT_LIMITS, type SupportIssueType } from "@market/support/support-request-limits";
import { supportRequestSchema } from "@market/support/support-request-schema";
import { useCheckedForm } from "~/components/field/checked-form";
import { repliedInputProps } from "~/components/field/action-reply";
import { submitSupportRequest } from "@market/support/support-requests";
import styles from "~/styles/help-pages.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["help"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const market = context.market;
  const params = new URL(request.url).searchParams;
  const userId = optionalUser(context);
  const [user, t] = await Promise.all([
    userId === null ? null : readUserInfo(market, userId),
    i18nServer.getFixedT(market.viewer.language, ["help", "common"]),
  ]);
  const type = params.get("type");
  const sent = Number(params.get("sent"));
  return data({
    title: `${t("help:support.title")} · ${t("common:appName")}`,
    sent: Number.isSafeInteger(sent) && sent > 0 ? sent : null,
    defaults: {
      issueType: (SUPPORT_ISSUE_TYPES as readonly string[]).includes(type ?? "") ? (type as SupportIssueType) : undefined,
      orderNo: params.get("orderNo")?.slice(0, SUPPORT_LIMITS.orderNo) ?? "",
      name: user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || user.nickName : "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: supportRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  switch (formData.get("intent")) {
    case "send": {
      try {
        const receipt = await submitSupportRequest(context.market, submission.value);
        return redirectWithToast(`/emailSupport?sent=${receipt.id}`, { kind: "success", key: "help:support.toast" });
      } catch (error) {
        if (error instanceof MarketError && error.code === CODES.clientEmailSendLimit) {
          return data({ result: submission.reply({ formErrors: [error.messageKey] }) }, { status: error.status });
        }
        throw error;
      }
    }
    default:
      return data({ result: submission.reply({ formErrors: ["invalidParam"] }) }, { status: 400 });
  }
}

export default function EmailSupport() {
  const { sent } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return (
    <>
      <PageHeader title={t("support.title")} fallback="/faq" />
      <main className={styles.page}>{sent ? <Sent id={sent} /> : <SupportForm />}</main>
    </>
  );
}

function SupportForm() {
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["help", "errors"]);
  const { form: supportForm, formProps, fields } = useCheckedForm({
    id: "email-support",
    lastResult: actionData?.result,
    names: SUPPORT_FIELDS,
    schema: () => import("@market/support/support-request-schema").then((schemas) => schemas.supportRequestSchema),
    defaults,
  });
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/emailSupport");
  const formError = supportForm.errors?.[0];
  const [messageLength, setMessageLength] = useState(String(fields.message.initialValue ?? "").length);

  return (
    <>
      <SupportIntro />

      <Form method="post" {...formProps} className={form.card} aria-label={t("support.formLabel")}>
        {formError ? (
          <p id={supportForm.errorId} className={form.banner} role="alert">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7.5v5.5M12 16.5v.5" />
            </svg>
            {t(`errors:${formError}`)}
          </p>
        ) : null}

        <Field field={fields.issueType} name="issueType">
          <div className={form.selectWrap}>
            <select {...repliedInputProps(fields.issueType)} required className={form.control}>
              <option value="">{t("support.placeholders.issueType")}</option>
              {SUPPORT_ISSUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`support.issueTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </Field>
        <Field field={fields.orderNo} name="orderNo" optional>
          <input {...repliedInputProps(fields.orderNo, "text")} maxLength={SUPPORT_LIMITS.orderNo} className={form.control} placeholder={t("support.placeholders.orderNo")} autoCapitalize="characters" autoComplete="off" />
        </Field>
        <Field field={fields.name} name="name">
          <input {...repliedInputProps(fields.name, "text")} required maxLength={SUPPORT_LIMITS.name} className={form.control} placeholder={t("support.placeholders.name")} autoComplete="name" />
        </Field>
        <Field field={fields.email} name="email">
          <input {...repliedInputProps(fields.email, "email")} required maxLength={SUPPORT_LIMITS.email} className={form.control} placeholder={t("support.placeholders.email")} autoComplete="email" inputMode="email" />
        </Field>
        <Field field={fields.phone} name="phone">
          <input {...repliedInputProps(fields.phone, "tel")} required maxLength={SUPPORT_LIMITS.phone} className={form.control} placeholder={t("support.placeholders.phone")} autoComplete="tel" inputMode="tel" />
        </Field>
        <Field
          field={fields.message}
          name="message"
          counter={
            <span className={form.counter} aria-hidden="true">
              {t("support.characters", { count: messageLength, max: SUPPORT_LIMITS.message })}
            </span>
          }
        >
          <textarea
            {...repliedInputProps(fields.message)}
            required
            maxLength={SUPPORT_LIMITS.message}
            className={`${form.control} ${form.textarea}`}
            placeholder={t("support.placeholders.message")}
            rows={6}
            onInput={(event) => setMessageLength(event.currentTarget.value.length)}
          />
        </Field>

        <button type="submit" name="intent" value="send" className={styles.primaryButton} disabled={sending}>
          {sending ? t("support.sending") : t("support.submit")}
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
