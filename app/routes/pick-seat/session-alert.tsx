/**
 * The alert form on pick-seat: an email and, optionally, a price to fall under (whole units of
 * the viewer's currency), for this session only (alerts/ticket-alerts.ts). A real form post
 * inside a <details>, so it works without JavaScript; a refused form opens with its errors. The
 * action alone validates (docs/decisions.md 166): pick-seat ships no schema for it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { actionReply, repliedInputProps } from "~/components/field/action-reply";
import styles from "./session-alert.module.css";

export default function SessionAlert({ currency, lastResult }: { currency: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["demand", "errors"]);
  const navigation = useNavigation();
  const { form, fields, refused } = actionReply("session-alert", lastResult, ["email", "priceBelow"]);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "session-alert";
  const errorOf = (errors: string[] | undefined, id: string) =>
    errors?.[0] ? (
      <p className={styles.error} id={id} role="alert">
        {t(errors[0], { ns: "errors" })}
      </p>
    ) : null;
  return (
    <details className={styles.card} open={refused || undefined} data-testid="session-alert">
      <summary className={styles.summary}>{t("alert.title")}</summary>
      <Form method="post" id={form.id} noValidate className={styles.form}>
        <p className={styles.hint}>{t("alert.body")}</p>
        <label className={styles.field}>
          {t("alert.email")}
          <input {...repliedInputProps(fields.email, "email")} className={styles.input} autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        </label>
        {errorOf(fields.email.errors, fields.email.errorId)}
        <label className={styles.field}>
          {t("alert.price", { currency })}
          <input {...repliedInputProps(fields.priceBelow, "number")} className={styles.input} min={1} step={1} inputMode="numeric" />
        </label>
        <p className={styles.hint}>{t("alert.priceHint")}</p>
        {errorOf(fields.priceBelow.errors, fields.priceBelow.errorId)}
        <button type="submit" name="intent" value="session-alert" className={styles.submit} disabled={submitting}>
          {submitting ? t("alert.submitting") : t("alert.submit")}
        </button>
      </Form>
    </details>
  );
}
