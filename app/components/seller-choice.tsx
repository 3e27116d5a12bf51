/**
 * A choice that decides which fields a selling form asks for (private or trader; an account in
 * HKD or CNY): radio cards, and the fields of each choice in a `ChoiceFields` shown only while
 * its choice is checked. The showing is CSS (`form:has(… :checked)`), so the form asks one
 * thing at a time with JavaScript off too; hidden fields are not required by the schema.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import kit from "./console-kit.module.css";
import styles from "./seller-choice.module.css";

interface ChoiceOption {
  value: string;
  label: string;
  hint?: string;
}

export function ChoiceCards({ field, legend, options }: { field: FieldMetadata<any>; legend: string; options: ChoiceOption[] }) {
  const { t } = useTranslation("errors");
  const checked = typeof field.initialValue === "string" ? field.initialValue : "";
  const error = field.errors?.[0];
  return (
    <fieldset className={styles.choices} aria-describedby={error ? field.errorId : undefined} key={field.key}>
      <legend className={kit.label}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input type="radio" name={field.name} value={option.value} defaultChecked={checked === option.value} className={styles.radio} />
          <span className={styles.choiceText}>
            <span className={styles.choiceLabel}>{option.label}</span>
            {option.hint ? <span className={kit.hint}>{option.hint}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={field.errorId} className={kit.error} role="alert">
          {t(error, { field: legend })}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The fields of one choice (`when` is the choice's value), shown while it is checked. */
export function ChoiceFields({ when, title, children }: { when: string; title?: string; children: ReactNode }) {
  return (
    <div className={styles.reveal} data-when={when}>
      {title ? <p className={styles.revealTitle}>{title}</p> : null}
      {children}
    </div>
  );
}
