/** confirmOrder's contact details: email, and a mobile number with its area code. */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { EMAIL_INPUT, FieldFrame, type FieldLook } from "../field/field-frame";
import styles from "./confirm-order.module.css";

/** No wrapper: the card lays its labels, controls and errors out in its own flow. */
const CONTACT_LOOK: FieldLook = { label: styles.label, error: styles.error };

interface ContactFields {
  contactEmail: FieldMetadata<string>;
  contactPhoneCode: FieldMetadata<string>;
  contactPhone: FieldMetadata<string>;
}

export function ContactCard({ fields, phoneCodes }: { fields: ContactFields; phoneCodes: { code: string; label: string }[] }) {
  const { t } = useTranslation(["order", "errors"]);
  const fieldError = (errors: string[] | undefined) => (errors?.[0] ? t(errors[0], { ns: "errors" }) : null);
  const emailError = fieldError(fields.contactEmail.errors);
  const phoneError = fieldError(fields.contactPhone.errors) ?? fieldError(fields.contactPhoneCode.errors);
  return (
    <section className={styles.card} aria-labelledby="contact-title">
      <h3 id="contact-title" className={styles.cardTitle}>
        {t("confirm.contactTitle")}
      </h3>
      <p className={styles.note}>{t("confirm.contactNote")}</p>
      <FieldFrame look={CONTACT_LOOK} id={fields.contactEmail.id} label={t("confirm.email")} error={emailError} errorId={fields.contactEmail.errorId} errorRole="alert">
        <input
          {...getInputProps(fields.contactEmail, { type: "email" })}
          key={fields.contactEmail.key}
          className={styles.input}
          placeholder={t("confirm.emailPlaceholder")}
          {...EMAIL_INPUT}
        />
      </FieldFrame>
      <FieldFrame look={CONTACT_LOOK} id={fields.contactPhone.id} label={t("confirm.phone")} error={phoneError} errorId={fields.contactPhone.errorId} errorRole="alert">
        <div className={styles.phone}>
          <select {...getSelectProps(fields.contactPhoneCode)} key={fields.contactPhoneCode.key} className={styles.select} aria-label={t("confirm.phoneCode")} data-testid="phone-code">
            {phoneCodes.map((code) => (
              <option key={code.code} value={code.code}>
                {code.label}
              </option>
            ))}
          </select>
          <input
            {...getInputProps(fields.contactPhone, { type: "tel" })}
            key={fields.contactPhone.key}
            className={styles.input}
            placeholder={t("confirm.phonePlaceholder")}
            autoComplete="tel-national"
            inputMode="numeric"
          />
        </div>
      </FieldFrame>
    </section>
  );
}
