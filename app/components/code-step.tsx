/**
 * The email-then-code step that code sign-in, register and password reset share.
 */
import { Form } from "react-router";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { AccountPage, Card, LegalNote, Stack, TextLink } from "./account-page";
import styles from "./account-form.module.css";
import type { ActionReply, RepliedField } from "./field/action-reply";
import type { CheckedFormProps } from "./field/checked-form";
import { CodeField, FormAlert, SubmitButton, TextField } from "./field/account-field";

/** What a code screen's checked form hands the part that draws it. */
type CodeStepFormProps = { form: ActionReply<string>["form"]; formProps: CheckedFormProps };

/** 'Use a different email': its own small form, so it never carries the code. */
function RestartStep({ label, hint }: { label: string; hint: string }) {
  return (
    <Form method="post" replace>
      <p className={styles.note}>
        {hint}{" "}
        <button type="submit" name="intent" value="restart" className={styles.inlineButton}>
          {label}
        </button>
      </p>
    </Form>
  );
}

/** The subtitle of a code step: who the code went to once it is sent, the screen's own line before. */
export function CodeStepSubtitle({ pendingEmail, before }: { pendingEmail: string | null; before: string }) {
  const { t } = useTranslation("account");
  return pendingEmail ? <Trans t={t} i18nKey="step.sentTo" values={{ email: pendingEmail }} components={{ strong: <strong /> }} /> : <>{before}</>;
}

/**
 * The two-step form that code sign-in, register and password reset share: the email (intent
 * `send` mails a code), then, once an address is pending, the code, what the screen adds
 * (`children`: its own fields and its submit button) and a resend; 'use a different email'
 * sits below as its own form. One component, so the three screens cannot drift apart.
 */
export function CodeStepForm({
  form,
  formProps,
  email,
  code,
  pendingEmail,
  redirectTo,
  children,
}: {
  email: RepliedField;
  code: RepliedField;
  pendingEmail: string | null;
  redirectTo: string | null;
  children: ReactNode;
} & CodeStepFormProps) {
  const { t } = useTranslation("account");
  return (
    <>
      {/* replace: the sign-in steps share one history entry, which the page signed in for takes over (Back never lands on a sign-in step). */}
      <Form method="post" replace {...formProps}>
        <Card>
          <FormAlert id={form.errorId} messages={form.errors} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          {pendingEmail ? (
            <>
              <input type="hidden" name="email" value={pendingEmail} />
              <CodeField field={code} label={t("fields.code")} autoFocus />
              {children}
              <SubmitButton intent="send" variant="secondary">
                {t("step.resend")}
              </SubmitButton>
            </>
          ) : (
            <>
              <TextField
                field={email}
                label={t("fields.email")}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={t("fields.emailPlaceholder")}
              />
              <SubmitButton intent="send">{t("step.sendCode")}</SubmitButton>
            </>
          )}
        </Card>
      </Form>
      {pendingEmail ? <RestartStep label={t("step.changeEmail")} hint={t("step.checkSpam")} /> : null}
    </>
  );
}

/**
 * A code screen (code sign-in, register, password reset): the account page around the two-step
 * form, its subtitle saying where the code went once it is sent. `above` stands over the form.
 */
export function CodeStepPage({
  title,
  lead,
  backTo,
  footer,
  above,
  form,
  formProps,
  fields,
  pendingEmail,
  redirectTo,
  children,
}: {
  title: string;
  /** The screen's own subtitle, before a code is sent. */
  lead: string;
  backTo: string;
  footer: ReactNode;
  above?: ReactNode;
  fields: { email: RepliedField; code: RepliedField };
  pendingEmail: string | null;
  redirectTo: string | null;
  children: ReactNode;
} & CodeStepFormProps) {
  return (
    <AccountPage title={title} subtitle={<CodeStepSubtitle pendingEmail={pendingEmail} before={lead} />} backTo={backTo} footer={footer}>
      <Stack>
        {above}
        <CodeStepForm form={form} formProps={formProps} email={fields.email} code={fields.code} pendingEmail={pendingEmail} redirectTo={redirectTo}>
          {children}
        </CodeStepForm>
      </Stack>
    </AccountPage>
  );
}

/** The foot of sign-in and register: the way to the other one, and the legal note a new account agrees to. */
export function SwitchFooter({ lead, to, label }: { lead: string; to: string; label: string }) {
  return (
    <>
      <p>
        {lead} <TextLink to={to}>{label}</TextLink>
      </p>
      <p>
        <LegalNote />
      </p>
    </>
  );
}
