/**
 * A choice that decides which fields a selling form asks for (private or trader; an account in
 * HKD or CNY): radio cards, and the fields of each choice in a `ChoiceFields` shown only while
 * its choice is checked. The showing is CSS (`form:has(… :checked)`), so the form asks one
 * thing at a time with JavaScript off too; hidden fields are not required by the schema.
 */
import type { RepliedField } from "./field/action-reply";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import kit from "./console-kit.module.css";
import styles from "./seller-choice.module.css";

export interface ChoiceOption {
  value: string;
  label: string;
  hint?: string;
}

/** A radio card: the choice's name, and a line on what it means. */
export function ChoiceCard({ option, ...input }: { option: ChoiceOption } & Pick<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultChecked" | "onChange">) {
  return (
    <label className={styles.choice}>
      <input type="radio" value={option.value} className={styles.radio} {...input} />
      <span className={styles.choiceText}>
        <span className={styles.choiceLabel}>{option.label}</span>
        {option.hint ? <span className={kit.hint}>{option.hint}</span> : null}
      </span>
    </label>
  );
}

/** A set of radio cards under its legend (every selling form's choices look alike). */
export function ChoiceGroup({ legend, children, describedBy }: { legend: string; children: ReactNode; describedBy?: string }) {
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy}>
      <legend className={kit.label}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function ChoiceCards({ field, legend, options }: {
  // conform's field or an action reply's (console-step-form.tsx): only these are read.
  field: Pick<RepliedField, "name" | "errorId" | "errors" | "initialValue"> & { key?: string };
  legend: string;
  options: ChoiceOption[];
}) {
  const { t } = useTranslation("errors");
  const checked = typeof field.initialValue === "string" ? field.initialValue : "";
  const error = field.errors?.[0];
  return (
    <ChoiceGroup legend={legend} describedBy={error ? field.errorId : undefined} key={field.key}>
      {options.map((option) => (
        <ChoiceCard key={option.value} option={option} name={field.name} defaultChecked={checked === option.value} />
      ))}
      {error ? (
        <p id={field.errorId} className={kit.error} role="alert">
          {t(error, { field: legend })}
        </p>
      ) : null}
    </ChoiceGroup>
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
