/**
 * The e-ticket voucher's parts (/e-ticket): the foil to scratch (a post), the code under it and
 * the field to type it into, then the voucher with the order's e-ticket files.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { FileIcon, useFileSize } from "~/components/delivery-facts";
import { actionReply, repliedFormProps, repliedInputProps } from "~/components/field/action-reply";
import { FieldFrame } from "~/components/field/field-frame";
import styles from "~/components/delivery-panel.module.css";
import voucherStyles from "./e-ticket-voucher.module.css";

/** What the voucher's posts answer: the code shown under the foil, the field's result, a refusal. */
export interface VoucherAnswer {
  voucher: { code: string; validUntil: string } | null;
  result: unknown;
  refusal: string | null;
}

/** The foil to scratch (a post), then the code under it and the field to type it into. */
export function ScratchCard() {
  const { t } = useTranslation(["delivery", "errors"]);
  const actionData = useActionData<VoucherAnswer>();
  const navigation = useNavigation();
  const scratched = actionData?.voucher ?? null;
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // The action alone checks the code (docs/decisions.md 280): a mistake shows after its round
  // trip, as without JavaScript, and the e-ticket's first visit carries no form library.
  const { form, fields } = actionReply("voucher", actionData?.result as SubmissionResult<string[]> | undefined, ["code"]);
  // The server's refusal is already in the viewer's words; the form's own errors are message keys.
  const fieldError = fields.code.errors?.[0];
  const codeError = actionData?.refusal ?? (fieldError ? t(fieldError, { ns: "errors" }) : null);

  if (!scratched) {
    return (
      <div className={voucherStyles.scratch}>
        <h2 className={voucherStyles.title}>{t("voucher.scratchTitle")}</h2>
        <p className={voucherStyles.hint}>{t("voucher.scratchBody")}</p>
        <Form method="post" className={voucherStyles.foilForm}>
          <button type="submit" name="intent" value="scratch" className={voucherStyles.foil} disabled={busy("scratch")} data-testid="scratch">
            <span>{busy("scratch") ? t("voucher.scratching") : t("voucher.scratch")}</span>
          </button>
        </Form>
        {codeError ? (
          <p className={styles.error} role="alert">
            {codeError}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className={voucherStyles.scratch}>
      <p className={voucherStyles.codeLabel}>{t("voucher.codeLabel")}</p>
      <p className={voucherStyles.revealed} data-testid="scratch-code" aria-live="polite">
        {scratched.code}
      </p>
      {scratched.validUntil ? <p className={voucherStyles.hint}>{t("voucher.validUntil", { at: scratched.validUntil })}</p> : null}
      <Form method="post" {...repliedFormProps(form)} className={voucherStyles.enter}>
        <input type="hidden" name="shownCode" value={scratched.code} />
        <input type="hidden" name="validUntil" value={scratched.validUntil} />
        <FieldFrame look={{ label: voucherStyles.enterLabel, error: styles.error }} id={fields.code.id} label={t("voucher.enterLabel")} error={codeError} errorId={fields.code.errorId} errorRole="alert" errorTestId="voucher-error">
          <input
            {...repliedInputProps(fields.code, "text")}
            className={voucherStyles.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            pattern="\d{4}"
            placeholder="• • • •"
          />
        </FieldFrame>
        <button type="submit" name="intent" value="reveal" className={styles.primary} disabled={busy("reveal")}>
          {busy("reveal") ? t("voucher.submitting") : t("voucher.submit")}
        </button>
      </Form>
    </div>
  );
}

/** The voucher itself: the e-ticket files this order holds. */
export function Voucher({ files }: { files: { id: number; fileName: string; size: number }[] }) {
  const { t } = useTranslation("delivery");
  const size = useFileSize();
  return (
    <div className={voucherStyles.voucher} data-testid="voucher">
      <p className={voucherStyles.codeLabel}>{t("voucher.ticketTitle")}</p>
      <ul className={styles.files}>
        {files.map((file) => (
          <li key={file.id}>
            <FileIcon />
            <span className={styles.fileName}>
              <strong>{file.fileName}</strong>
            </span>
            <span className={styles.muted}>{size(file.size)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
