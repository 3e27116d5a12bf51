/**
 * The ticket-alert sheet: an email form posting to tour detail's action (intent
 * `subscribe-alert`), so it works without JavaScript; a refused post opens the sheet again. The
 * action alone validates (docs/decisions.md 166): the page ships no schema for a sheet most
 * buyers never open.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { Sheet, type SheetControl } from "~/components/sheet";
import { EMAIL_INPUT, FieldFrame } from "~/components/field/field-frame";
import { actionReply, repliedInputProps } from "~/components/field/action-reply";
import styles from "./styles.module.css";

export default function AlertSheet({ sheet, title, lastResult }: { sheet: SheetControl; title: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["tour", "errors"]);
  const navigation = useNavigation();
  const { form, fields, refused } = actionReply("ticket-alert", lastResult, ["email"]);
  const error = fields.email.errors?.[0];
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "subscribe-alert";
  return (
    <Sheet sheet={sheet} title={t("alert.title")} description={t("alert.body", { title })} open={refused}>
      <Form method="post" id={form.id} noValidate className={styles.alertForm}>
        <FieldFrame
          look={{ label: styles.field, error: styles.error }}
          id={fields.email.id}
          label={t("alert.email")}
          error={error ? t(error, { ns: "errors" }) : null}
          errorId={fields.email.errorId}
          errorRole="alert"
        >
          <input
            {...repliedInputProps(fields.email, "email")}
            className={styles.input}
            placeholder={t("alert.placeholder")}
            {...EMAIL_INPUT}
          />
        </FieldFrame>
        <button type="submit" name="intent" value="subscribe-alert" className={styles.submit} disabled={submitting}>
          {submitting ? t("alert.submitting") : t("alert.submit")}
        </button>
        <p className={styles.fineprint}>{t("alert.fineprint")}</p>
      </Form>
    </Sheet>
  );
}
