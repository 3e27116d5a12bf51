/**
 * Sign in (/login): email and password, or Apple / Google when configured, with ways on to code
 * sign-in, registration and password reset. `redirectTo` (set by requireUser) is where the
 * buyer returns after signing in.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountPage, Card, Divider, FieldAside, LinkButton, ProviderButtons, Stack, TextLink, withRedirect } from "~/components/account-page";
import { SwitchFooter } from "~/components/code-step";
import { FormAlert, PasswordField, SubmitButton, TextField } from "~/components/field/account-field";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useCheckedForm } from "~/components/field/checked-form";
import { i18nServer } from "~/i18n/i18n.server";
import { redirectToOf, refusalText, requireGuest, signInAndRedirect } from "~/server/auth.server";
import { signInWithPassword, type SignedIn } from "@market/accounts";
import { passwordLoginSchema } from "@market/accounts/schemas";
import { configuredProviders, THIRD_PARTY_ERROR_KEYS } from "~/server/third-party.server";
import type { Route } from "./+types/login";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(request, context);
  const query = new URL(request.url).searchParams;
  const [t, tErrors] = await Promise.all([
    i18nServer.getFixedT(context.market.viewer.language, "account"),
    i18nServer.getFixedT(context.market.viewer.language, "errors"),
  ]);
  // A Google or Apple sign-in that failed comes back here with its reason.
  const thirdPartyError = THIRD_PARTY_ERROR_KEYS.find((key) => key === query.get("error"));
  return data({
    pageTitle: `${t("meta.login")} · Ovation`,
    thirdPartyError: thirdPartyError ? tErrors(thirdPartyError) : null,
    providers: configuredProviders(context.cloudflare.env),
    redirectTo: redirectToOf(request),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: passwordLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  let signedIn: SignedIn;
  try {
    signedIn = await signInWithPassword(context.market, { email, password });
  } catch (error) {
    const message = await refusalText(error, context);
    return data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status: 400 });
  }
  throw await signInAndRedirect(request, context, signedIn, { redirectTo, toast: { kind: "success", key: "accountToast.signedIn" } });
}

export default function Login() {
  const { providers, redirectTo, thirdPartyError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { form, formProps, fields } = useCheckedForm({
    id: "login",
    lastResult: actionData?.result,
    names: ["email", "password"],
    schema: () => import("@market/accounts/schemas").then((schemas) => schemas.passwordLoginSchema),
  });

  return (
    <AccountPage
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      backTo="/mine"
      footer={<SwitchFooter lead={t("login.noAccount")} to={withRedirect("/register", redirectTo)} label={t("login.register")} />}
    >
      <Stack>
        {thirdPartyError && !actionData ? <FormAlert messages={[thirdPartyError]} /> : null}
        <ProviderButtons providers={providers} redirectTo={redirectTo ?? ""} />
        {providers.length > 0 ? <Divider label={t("providers.divider")} /> : null}
        <Form method="post" replace {...formProps}>
          <Card>
            <FormAlert id={form.errorId} messages={form.errors} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <TextField
              field={fields.email}
              label={t("fields.email")}
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder={t("fields.emailPlaceholder")}
            />
            <PasswordField field={fields.password} label={t("fields.password")} autoComplete="current-password" />
            <FieldAside>
              <TextLink to={withRedirect("/password/reset", redirectTo)}>{t("login.forgot")}</TextLink>
            </FieldAside>
            <SubmitButton intent="password">{t("login.submit")}</SubmitButton>
          </Card>
        </Form>
        <LinkButton to={withRedirect("/login/code", redirectTo)}>{t("login.withCode")}</LinkButton>
      </Stack>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
