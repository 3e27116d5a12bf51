/**
 * Register (/register): the email first (a code is mailed to prove it), then the code, a
 * display name (what Me shows) and a password that meets SPEC §5. Signs the new account in.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import type * as z from "zod/mini";
import { Divider, ProviderButtons, withRedirect } from "~/components/account-page";
import { CodeStepPage, SwitchFooter } from "~/components/code-step";
import { registerStepSchema as schema } from "~/components/account-form-schemas";
import { PasswordField, SubmitButton, TextField } from "~/components/field/account-field";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useCheckedForm } from "~/components/field/checked-form";
import { i18nServer } from "~/i18n/i18n.server";
import { redirectToOf, requireGuest } from "~/server/auth.server";
import { readCodeStep } from "~/server/code-step.server";
import { answerCodeStep } from "~/server/code-step-action.server";
import { registerWithPassword } from "@market/accounts";
import { configuredProviders } from "~/server/third-party.server";
import type { Route } from "./+types/register";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(request, context);
  const t = await i18nServer.getFixedT(context.market.viewer.language, "account");
  return data({
    pageTitle: `${t("meta.register")} · Ovation`,
    pendingEmail: await readCodeStep(request, "register"),
    providers: configuredProviders(context.cloudflare.env),
    redirectTo: redirectToOf(request),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerCodeStep<Extract<z.infer<typeof schema>, { intent: "register" }>>(
    { request, context },
    {
      schema,
      purpose: "register",
      hideFields: ["password"],
      complete: (fields) => registerWithPassword(context.market, fields),
      toastKey: () => "accountToast.registered",
    },
  );
}

export default function Register() {
  const { pendingEmail, providers, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { form, formProps, fields } = useCheckedForm({
    id: pendingEmail ? "register-verify" : "register-send",
    lastResult: actionData?.result,
    names: ["email", "code", "nickName", "password"],
    schema: () => import("~/components/account-form-schemas").then((schemas) => schemas.registerStepSchema),
  });

  return (
    <CodeStepPage
      title={pendingEmail ? t("register.verifyTitle") : t("register.title")}
      lead={t("register.subtitle")}
      backTo={withRedirect("/login", redirectTo)}
      footer={<SwitchFooter lead={t("register.haveAccount")} to={withRedirect("/login", redirectTo)} label={t("register.signIn")} />}
      above={
        pendingEmail ? null : (
          <>
            <ProviderButtons providers={providers} redirectTo={redirectTo ?? ""} />
            {providers.length > 0 ? <Divider label={t("providers.divider")} /> : null}
          </>
        )
      }
      form={form} formProps={formProps} fields={fields} pendingEmail={pendingEmail} redirectTo={redirectTo}
    >
      <TextField field={fields.nickName} label={t("fields.displayName")} hint={t("fields.displayNameHint")} autoComplete="given-name" />
      <PasswordField field={fields.password} label={t("fields.password")} hint={t("fields.passwordHint")} autoComplete="new-password" />
      <SubmitButton intent="register">{t("register.submit")}</SubmitButton>
    </CodeStepPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
