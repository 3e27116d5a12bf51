/** confirmOrder's contact details: email, and a mobile number with its area code. */
import { useTranslation } from "react-i18next";
import { actionReply, repliedInputProps, type RepliedField } from "~/components/field/action-reply";
import { EMAIL_INPUT, FieldFrame, type FieldLook } from "~/components/field/field-frame";
import styles from "./styles.module.css";
import { TitledSection } from "~/components/titled-section";

/** No wrapper: the card lays its labels, controls and errors out in its own flow. */
const CONTACT_LOOK: FieldLook = { label: styles.label, error: styles.error };

/** The order form's contact fields, as confirm-order reads them from the action's reply. */
export const CONTACT_FIELDS = ["contactEmail", "contactPhoneCode", "contactPhone"] as const;
type ContactFields = Record<(typeof CONTACT_FIELDS)[number], RepliedField>;

export function ContactCard({ fields, phoneCodes }: { fields: ContactFields; phoneCodes: { code: string; label: string }[] }) {
  const { t } = useTranslation(["order", "errors"]);
  const fieldError = (errors: string[] | undefined) => (errors?.[0] ? t(errors[0], { ns: "errors" }) : null);
  const emailError = fieldError(fields.contactEmail.errors);
  const phoneError = fieldError(fields.contactPhone.errors) ?? fieldError(fields.contactPhoneCode.errors);
  return (
    <TitledSection id="contact-title" title={t("confirm.contactTitle")} level="h3" className={styles.card} titleClassName={styles.cardTitle}>
      <p className={styles.note}>{t("confirm.contactNote")}</p>
      <FieldFrame look={CONTACT_LOOK} id={fields.contactEmail.id} label={t("confirm.email")} error={emailError} errorId={fields.contactEmail.errorId} errorRole="alert">
        <input
          {...repliedInputProps(fields.contactEmail, "email")}
          className={styles.input}
          placeholder={t("confirm.emailPlaceholder")}
          {...EMAIL_INPUT}
        />
      </FieldFrame>
      <FieldFrame look={CONTACT_LOOK} id={fields.contactPhone.id} label={t("confirm.phone")} error={phoneError} errorId={fields.contactPhone.errorId} errorRole="alert">
        <div className={styles.phone}>
          <select {...repliedInputProps(fields.contactPhoneCode)} className={styles.select} aria-label={t("confirm.phoneCode")} data-testid="phone-code">
            {phoneCodes.map((code) => (
              <option key={code.code} value={code.code}>
                {code.label}
              </option>
            ))}
          </select>
          <input
            {...repliedInputProps(fields.contactPhone, "tel")}
            className={styles.input}
            placeholder={t("confirm.phonePlaceholder")}
            autoComplete="tel-national"
            inputMode="numeric"
          />
        </div>
      </FieldFrame>
    </TitledSection>
  );
}
