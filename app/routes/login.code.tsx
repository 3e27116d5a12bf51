/**
 * Sign in with an emailed code (/login/code), in two steps on one page: the email (a code is
 * mailed), then the 6-digit code. A first-time address gets an account. The pending address
 * lives in a short-lived cookie, so the page survives a reload without putting it in the URL.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import type * as z from "zod/mini";
import { TextLink, withRedirect } from "~/components/account-page";
import { CodeStepPage } from "~/components/code-step";
import { codeLoginStepSchema as schema } from "~/components/account-form-schemas";
import { SubmitButton } from "~/components/field/account-field";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useCheckedForm } from "~/components/field/checked-form";
import { i18nServer } from "~/i18n/i18n.server";
import { redirectToOf, requireGuest } from "~/server/auth.server";
import { readCodeStep } from "~/server/code-step.server";
import { answerCodeStep } from "~/server/code-step-action.server";
import { signInWithCode } from "@market/accounts";
import type { Route } from "./+types/login.code";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(request, context);
  const t = await i18nServer.getFixedT(context.market.viewer.language, "account");
  return data({
    pageTitle: `${t("meta.code")} · Ovation`,
    pendingEmail: await readCodeStep(request, "login"),
    redirectTo: redirectToOf(request),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerCodeStep<Extract<z.infer<typeof schema>, { intent: "verify" }>>(
    { request, context },
    {
      schema,
      purpose: "login",
      complete: (fields) => signInWithCode(context.market, { email: fields.email, code: fields.code }),
      toastKey: (signedIn) => (signedIn.registered ? "accountToast.registered" : "accountToast.signedIn"),
    },
  );
}

export default function CodeLogin() {
  const { pendingEmail, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { form, formProps, fields } = useCheckedForm({
    id: pendingEmail ? "code-verify" : "code-send",
    lastResult: actionData?.result,
    names: ["email", "code"],
    schema: () => import("~/components/account-form-schemas").then((schemas) => schemas.codeLoginStepSchema),
  });

  return (
    <CodeStepPage
      title={pendingEmail ? t("step.title") : t("code.title")}
      lead={t("code.subtitle")}
      backTo={withRedirect("/login", redirectTo)}
      footer={<TextLink to={withRedirect("/login", redirectTo)}>{t("code.withPassword")}</TextLink>}
      form={form} formProps={formProps} fields={fields} pendingEmail={pendingEmail} redirectTo={redirectTo}
    >
      <SubmitButton intent="verify">{t("code.submit")}</SubmitButton>
    </CodeStepPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
