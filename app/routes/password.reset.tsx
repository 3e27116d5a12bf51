/**
 * Reset or set a password (/password/reset): the email (a code is mailed), then the code and a
 * new password that meets SPEC §5. Every other session of the account ends; this browser is
 * signed in. A signed-in buyer without a password uses the same screen to set one.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import type * as z from "zod/mini";
import { TextLink, withRedirect } from "~/components/account-page";
import { CodeStepPage } from "~/components/code-step";
import { resetStepSchema as schema } from "~/components/account-form-schemas";
import { PasswordField, SubmitButton } from "~/components/field/account-field";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useCheckedForm } from "~/components/field/checked-form";
import { i18nServer } from "~/i18n/i18n.server";
import { safeRedirectTo } from "~/server/auth.server";
import { readCodeStep } from "~/server/code-step.server";
import { answerCodeStep } from "~/server/code-step-action.server";
import { readUserInfo, resetPassword } from "@market/accounts";
import type { Route } from "./+types/password.reset";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.market;
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const [t, pendingEmail, account] = await Promise.all([
    i18nServer.getFixedT(viewer.language, "account"),
    readCodeStep(request, "reset"),
    viewer.userId === null ? null : readUserInfo(context.market, viewer.userId),
  ]);
  return data({
    pageTitle: `${t("meta.reset")} · Ovation`,
    pendingEmail,
    accountEmail: account?.email || null,
    redirectTo: redirectTo && safeRedirectTo(redirectTo, "") ? redirectTo : null,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerCodeStep<Extract<z.infer<typeof schema>, { intent: "reset" }>>(
    { request, context },
    {
      schema,
      purpose: "reset",
      hideFields: ["password"],
      complete: (fields) => resetPassword(context.market, fields),
      toastKey: (signedIn) => (signedIn.registered ? "accountToast.registered" : "accountToast.passwordReset"),
    },
  );
}

export default function PasswordReset() {
  const { pendingEmail, accountEmail, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { form, formProps, fields } = useCheckedForm({
    id: pendingEmail ? "reset-verify" : "reset-send",
    lastResult: actionData?.result,
    names: ["email", "code", "password"],
    schema: () => import("~/components/account-form-schemas").then((schemas) => schemas.resetStepSchema),
    defaults: { email: accountEmail ?? undefined },
  });

  return (
    <CodeStepPage
      title={pendingEmail ? t("reset.verifyTitle") : t("reset.title")}
      lead={t("reset.subtitle")}
      backTo={accountEmail ? "/mine" : withRedirect("/login", redirectTo)}
      footer={accountEmail ? null : <TextLink to={withRedirect("/login", redirectTo)}>{t("reset.backToLogin")}</TextLink>}
      form={form} formProps={formProps} fields={fields} pendingEmail={pendingEmail} redirectTo={redirectTo}
    >
      <PasswordField field={fields.password} label={t("fields.newPassword")} hint={t("fields.passwordHint")} autoComplete="new-password" />
      <SubmitButton intent="reset">{t("reset.submit")}</SubmitButton>
    </CodeStepPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
