/**
 * Email support's parts: the intro (who answers and how soon), a labelled field with its error
 * in the viewer's language, and the receipt once a request is sent.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { FieldFrame, type FieldLook } from "~/components/field/field-frame";
import type { SupportField } from "@market/support/support-request-limits";
import type { RepliedField } from "~/components/field/action-reply";
import form from "./styles.module.css";
import { LINE_ICONS, LineIcon } from "~/components/line-icon";

/** Who answers, how soon, and the daily limit, above the form. */
export function SupportIntro() {
  const { t } = useTranslation("help");
  return (
    <section className={form.intro}>
      <span className={form.introIcon} aria-hidden="true">
        <LineIcon paths={LINE_ICONS.mail} />
      </span>
      <div>
        <h2 className={form.introTitle}>{t("support.heroTitle")}</h2>
        <p className={form.replyTime}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="8" />
            <path d="M12 8v4l2.5 2" />
          </svg>
          {t("support.replyTime")}
        </p>
      </div>
      <p className={form.introNote}>{t("support.dailyLimit")}</p>
    </section>
  );
}

const SUPPORT_LOOK: FieldLook = { field: form.field, labelRow: form.labelRow, label: form.label, optional: form.optional, error: form.error };

/** A labelled field with its error under it, in the viewer's language. */
export function Field({
  field,
  name,
  optional = false,
  counter,
  children,
}: {
  field: RepliedField;
  name: SupportField;
  optional?: boolean;
  counter?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(["help", "errors"]);
  const label = t(`support.fields.${name}`);
  const error = field.errors?.[0];
  return (
    <FieldFrame
      look={SUPPORT_LOOK}
      id={field.id}
      label={label}
      optional={optional ? t("support.optional") : undefined}
      aside={counter}
      error={error ? t(`errors:${error}`, { field: label }) : null}
      errorId={field.errorId}
    >
      {children}
    </FieldFrame>
  );
}

export function Sent({ id }: { id: number }) {
  const { t } = useTranslation("help");
  return (
    <section className={form.sent} aria-labelledby="support-sent-title">
      <svg className={form.sentArt} viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="var(--color-success-soft)" />
        <circle cx="48" cy="48" r="26" fill="var(--color-success)" />
        <path d="m36 48 8 8 16-16" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="support-sent-title" className={form.sentTitle}>
        {t("support.sent.title")}
      </h2>
      <p className={form.reference}>{t("support.sent.reference", { id })}</p>
      <p className={form.sentBody}>{t("support.sent.body")}</p>
      <div className={form.actions}>
        <Link to="/faq" className={form.primaryButton}>
          {t("support.sent.back")}
        </Link>
        <Link to="/emailSupport" className={form.ghostButton}>
          {t("support.sent.another")}
        </Link>
      </div>
    </section>
  );
}
