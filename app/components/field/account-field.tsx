/**
 * The sign-in screens' fields, named and announced as their form's reply says (checked-form.ts), the designed alert for a refusal and the submit
 * button. Every control works without JavaScript; with it, passwords can be shown and the
 * pressed button shows a spinner while its form is sent.
 */
import { useNavigation } from "react-router";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../hydrated";
import styles from "../account-form.module.css";
import { repliedInputProps, type RepliedField } from "./action-reply";
import { FieldFrame, type FieldLook } from "./field-frame";

/** A refusal or a form-level problem, said plainly at the top of the form. */
export function FormAlert({ id, messages }: { id?: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div className={styles.alert} role="alert" id={id}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <div>
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}

/** Field errors are translation keys from the shared schema, or sentences the server already wrote. */
function useErrorText() {
  const { t } = useTranslation("account");
  return (error: string) => (error.startsWith("validation.") ? t(error) : error);
}

type FieldProps = {
  field: RepliedField;
  label: string;
  hint?: string;
  optional?: boolean;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "email" | "numeric" | "text";
  autoFocus?: boolean;
};

const ACCOUNT_LOOK: FieldLook = { field: styles.field, label: styles.label, optional: styles.optional, hint: styles.hint, error: styles.fieldError };

/** A sign-in field: its error replaces the hint while there is one. */
function AccountFieldFrame({ field, label, hint, optional, children }: FieldProps & { children: ReactNode }) {
  const { t } = useTranslation("account");
  const errorText = useErrorText();
  const error = field.errors?.[0];
  return (
    <FieldFrame
      look={ACCOUNT_LOOK}
      id={field.id}
      label={label}
      optional={optional ? t("fields.optional") : undefined}
      hint={error ? undefined : hint}
      hintId={field.descriptionId}
      error={error ? errorText(error) : null}
      errorId={field.errorId}
    >
      {children}
    </FieldFrame>
  );
}

export function TextField(props: FieldProps & { type?: "email" | "text" }) {
  const { field, autoComplete, placeholder, inputMode, autoFocus, hint } = props;
  const input = repliedInputProps(field, props.type ?? "text", hint ? field.descriptionId : undefined);
  return (
    <AccountFieldFrame {...props}>
      <input
        {...input}
        className={styles.input}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        autoFocus={autoFocus}
        autoCapitalize="off"
        spellCheck={false}
      />
    </AccountFieldFrame>
  );
}

export function PasswordField(props: FieldProps) {
  const { t } = useTranslation("account");
  const { field, autoComplete, autoFocus, hint } = props;
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const input = repliedInputProps(field, "password", hint ? field.descriptionId : undefined);
  return (
    <AccountFieldFrame {...props}>
      <div className={styles.inputWrap}>
        <input {...input} type={visible ? "text" : "password"} className={styles.input} autoComplete={autoComplete} autoFocus={autoFocus} />
        {hydrated ? (
          <button
            type="button"
            className={styles.reveal}
            aria-label={visible ? t("fields.hidePassword") : t("fields.showPassword")}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
              {visible ? null : <path d="M4 4l16 16" />}
            </svg>
          </button>
        ) : null}
      </div>
    </AccountFieldFrame>
  );
}

/** The 6-digit code: one wide, spaced box the phone fills from the mail (one-time-code). */
export function CodeField(props: FieldProps) {
  const { field, autoFocus } = props;
  const input = repliedInputProps(field, "text");
  return (
    <AccountFieldFrame {...props}>
      <input
        {...input}
        className={`${styles.input} ${styles.code}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="••••••"
        autoFocus={autoFocus}
      />
    </AccountFieldFrame>
  );
}

/** True when this submit button's form is on its way. */
function useSending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function SubmitButton({ intent, children, variant = "primary" }: { intent: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  const sending = useSending(intent);
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={variant === "primary" ? styles.primary : styles.secondary}
      aria-busy={sending || undefined}
      data-sending={sending || undefined}
    >
      <span>{children}</span>
      {sending ? <span className={styles.spinner} aria-hidden="true" /> : null}
    </button>
  );
}
