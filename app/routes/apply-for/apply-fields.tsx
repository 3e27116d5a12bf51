/**
 * The apply form's fields: a labelled field with its SPEC §5 message, and an amount in the trade
 * currency with the most that may be asked and what it comes to in the viewer's currency.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toMinorUnits } from "@market/money/minor-units";
import { convert } from "@market/money/convert";
import type { CurrencyView } from "~/server/after-sale.server";
import { FieldFrame, type FieldLook } from "~/components/field/field-frame";
import { repliedInputProps, type RepliedField } from "~/components/field/action-reply";
import styles from "./styles.module.css";

/** An error key of the domain's schema (`required`, `aftersale.amountInvalid`) in the `errors` namespace. */
function errorKey(key: string): string {
  return key.includes(":") ? key : `errors:${key}`;
}

export type Writer = (amount: number, currency: CurrencyView) => string;

const APPLY_LOOK: FieldLook = { field: styles.field, label: styles.label, error: styles.error };

/** A field's SPEC §5 message in the viewer's language, or null. */
function useFieldError(field: RepliedField, label: string): string | null {
  const { t } = useTranslation("errors");
  const error = field.errors?.[0];
  return error ? t(errorKey(error), { field: label }) : null;
}

/** A labelled field with its SPEC §5 message under it, in the viewer's language. */
export function Field({ field, label, children, hint }: { field: RepliedField; label: string; children: ReactNode; hint?: ReactNode }) {
  const error = useFieldError(field, label);
  return (
    <FieldFrame look={APPLY_LOOK} id={field.id} label={label} error={error} errorId={field.errorId}>
      {children}
      {hint}
    </FieldFrame>
  );
}

/** The message of a field drawn in a fieldset (reason chips, currency choice) rather than under a label. */
export function FieldError({ field, label }: { field: RepliedField; label: string }) {
  const error = useFieldError(field, label);
  if (!error) return null;
  return (
    <p id={field.errorId} className={styles.error}>
      {error}
    </p>
  );
}

interface AmountProps {
  field: RepliedField;
  label: string;
  /** The most that may be asked, minor units of the trade currency. */
  max: number;
  trade: CurrencyView;
  /** The viewer's currency when it is not the trade currency. */
  display: CurrencyView | null;
  write: Writer;
}

/**
 * An amount in the trade currency's major units, with the most that may be asked, and (as the
 * buyer types, when they read another currency) what it comes to in theirs.
 */
export function AmountField({ field, label, max, trade, display, write }: AmountProps) {
  const { t } = useTranslation("aftersales-screens");
  const [typed, setTyped] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const limit = write(max, trade);
  const typedMinor = display ? toMinorUnits(typed, trade.minorUnits) : null;
  const equivalent = display && typedMinor !== null && typedMinor > 0 ? write(convert(typedMinor, trade, display), display) : null;
  const hint = (
    <p className={styles.hint}>
      <span>{display ? t("apply.upToEquivalent", { amount: limit, equivalent: write(convert(max, trade, display), display) }) : t("apply.upTo", { amount: limit })}</span>
      {display ? (
        <span className={styles.equivalent} aria-live="polite" data-testid={`${field.name}-equivalent`}>
          {equivalent ? t("apply.equivalent", { amount: equivalent }) : null}
        </span>
      ) : null}
    </p>
  );
  return (
    <Field field={field} label={label} hint={hint}>
      <div className={styles.amount}>
        <span className={styles.symbol} aria-hidden="true">
          {trade.symbol.trim()}
        </span>
        <input
          {...repliedInputProps(field, "text")}
          className={`${styles.control} ${styles.amountInput}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
      </div>
    </Field>
  );
}

export function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}
