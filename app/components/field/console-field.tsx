/**
 * One labelled field of a console form (conform), with its error in the viewer's language.
 * Schema messages are keys in the `errors` namespace; those that name their field
 * ('{{field}} is required') get the field's label.
 */
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { HTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import kit from "../console-kit.module.css";
import { FieldFrame, type FieldLook } from "./field-frame";

/** The first error of a field as a sentence, or null. */
export function useErrorText() {
  const { t } = useTranslation();
  return (errors: string[] | undefined, field?: string): string | null => (errors?.[0] ? t(errors[0], { ns: "errors", field }) : null);
}

interface ConsoleFieldProps {
  // Any field of any form: the component reads only its name, id and errors.
  field: FieldMetadata<any>;
  label: string;
  type?: "text" | "tel" | "email" | "datetime-local" | "file";
  multiline?: boolean;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  /** For file fields. */
  accept?: string;
  multiple?: boolean;
}

/** A console field's frame: its label, the control, a hint and the field's error in the viewer's language. */
const CONSOLE_LOOK: FieldLook = { field: kit.field, label: kit.label, hint: kit.hint, error: kit.error };

/** A console field's frame: its label, the control, a hint and the field's error in the viewer's language. */
export function ConsoleFieldFrame({ field, label, hint, children }: { field: FieldMetadata<any>; label: string; hint?: string; children: ReactNode }) {
  const errorText = useErrorText();
  return (
    <FieldFrame look={CONSOLE_LOOK} id={field.id} label={label} hint={hint} error={errorText(field.errors, label)} errorId={field.errorId} errorRole="alert">
      {children}
    </FieldFrame>
  );
}

export function ConsoleField({ field, label, type = "text", multiline = false, hint, placeholder, autoComplete, inputMode, accept, multiple }: ConsoleFieldProps) {
  return (
    <ConsoleFieldFrame field={field} label={label} hint={hint}>
      {multiline ? (
        <textarea {...getTextareaProps(field)} key={field.key} className={kit.input} placeholder={placeholder} />
      ) : (
        <input
          {...getInputProps(field, { type })}
          key={field.key}
          className={kit.input}
          placeholder={placeholder}
          autoComplete={autoComplete ?? "off"}
          inputMode={inputMode}
          accept={accept}
          multiple={multiple}
        />
      )}
    </ConsoleFieldFrame>
  );
}

/** A form's own error (a refusal the domain gave), above its submit button. */
export function FormError({ errors }: { errors: string[] | undefined }) {
  if (!errors?.[0]) return null;
  return (
    <p className={kit.banner} role="alert" data-testid="form-error">
      {errors[0]}
    </p>
  );
}
