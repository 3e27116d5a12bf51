/**
 * Register (/register): the email first (a code is mailed to prove it), then the code, a
 * display name (what Me shows) and a password that meets SPEC §5. Signs the new account in.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import { AccountPage, Divider, LegalNote, ProviderButtons, Stack, TextLink, withRedirect } from "~/components/account-page";
import { CodeStepForm, CodeStepSubtitle } from "~/components/code-step";
import { PasswordField, SubmitButton, TextField } from "~/components/field/account-field";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useSchemaForm } from "~/components/use-schema-form";
import { i18nServer } from "~/i18n/i18n.server";
import { requireGuest, safeRedirectTo } from "~/server/auth.server";
import { readCodeStep } from "~/server/code-step.server";
import { answerCodeStep } from "~/server/code-step-action.server";
import { registerWithPassword } from "@market/accounts";
import { registerSchema, sendCodeSchema } from "@market/accounts/schemas";
import { configuredProviders } from "~/server/third-party.server";
import type { Route } from "./+types/register";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

const displayNameField = z
  .string({ error: "validation.displayNameRequired" })
  .check(z.trim(), z.minLength(1, { error: "validation.displayNameRequired" }), z.maxLength(32, { error: "validation.nickNameTooLong" }));

/** Step one sends the code; step two registers with it. One schema, told apart by the pressed button. */
const schema = z.discriminatedUnion("intent", [
  z.extend(sendCodeSchema, { intent: z.literal("send") }),
  // The web form asks for the name Me shows, so Me never falls back to a cut email prefix.
  z.extend(registerSchema, { intent: z.literal("register"), nickName: displayNameField }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(request, context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const t = await i18nServer.getFixedT(context.market.viewer.language, "account");
  return data({
    pageTitle: `${t("meta.register")} · Ovation`,
    pendingEmail: await readCodeStep(request, "register"),
    providers: configuredProviders(context.cloudflare.env),
    redirectTo: safeRedirectTo(redirectTo, "") || null,
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
  const [form, fields] = useSchemaForm(schema, { id: pendingEmail ? "register-verify" : "register-send", lastResult: actionData?.result });

  return (
    <AccountPage
      title={pendingEmail ? t("register.verifyTitle") : t("register.title")}
      subtitle={<CodeStepSubtitle pendingEmail={pendingEmail} before={t("register.subtitle")} />}
      backTo={withRedirect("/login", redirectTo)}
      footer={
        <>
          <p>
            {t("register.haveAccount")} <TextLink to={withRedirect("/login", redirectTo)}>{t("register.signIn")}</TextLink>
          </p>
          <p>
            <LegalNote />
          </p>
        </>
      }
    >
      <Stack>
        {pendingEmail ? null : (
          <>
            <ProviderButtons providers={providers} redirectTo={redirectTo ?? ""} />
            {providers.length > 0 ? <Divider label={t("providers.divider")} /> : null}
          </>
        )}
        <CodeStepForm form={form} email={fields.email} code={fields.code} pendingEmail={pendingEmail} redirectTo={redirectTo}>
          <TextField field={fields.nickName} label={t("fields.displayName")} hint={t("fields.displayNameHint")} autoComplete="given-name" />
          <PasswordField field={fields.password} label={t("fields.password")} hint={t("fields.passwordHint")} autoComplete="new-password" />
          <SubmitButton intent="register">{t("register.submit")}</SubmitButton>
        </CodeStepForm>
      </Stack>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
