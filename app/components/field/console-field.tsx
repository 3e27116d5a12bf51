/**
 * One labelled field of a console form (its action's reply, checked-form.ts), with its error in
 * the viewer's language.
 * Schema messages are keys in the `errors` namespace; those that name their field
 * ('{{field}} is required') get the field's label.
 */
import type { HTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import kit from "../console-kit.module.css";
import { FieldFrame, type FieldLook } from "./field-frame";
import { repliedInputProps, type RepliedField } from "./action-reply";

/** The first error of a field as a sentence, or null. */
export function useErrorText() {
  const { t } = useTranslation();
  return (errors: string[] | undefined, field?: string): string | null => (errors?.[0] ? t(errors[0], { ns: "errors", field }) : null);
}

interface ConsoleFieldProps {
  field: RepliedField;
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
/** What a frame reads of a field, whether conform's or an action reply's. */
type FramedField = Pick<RepliedField, "id" | "errorId" | "errors">;

export function ConsoleFieldFrame({ field, label, hint, children }: { field: FramedField; label: string; hint?: string; children: ReactNode }) {
  const errorText = useErrorText();
  return (
    <FieldFrame look={CONSOLE_LOOK} id={field.id} label={label} hint={hint} error={errorText(field.errors, label)} errorId={field.errorId} errorRole="alert">
      {children}
    </FieldFrame>
  );
}

export function ConsoleField({ field, label, type = "text", multiline = false, hint, placeholder, autoComplete, inputMode, accept, multiple }: ConsoleFieldProps) {
  const { type: _none, ...control } = repliedInputProps(field);
  return (
    <ConsoleFieldFrame field={field} label={label} hint={hint}>
      {multiline ? (
        <textarea {...control} className={kit.input} placeholder={placeholder} />
      ) : (
        <input
          {...control}
          type={type}
          // A file field cannot be given back; it is chosen again.
          defaultValue={type === "file" ? undefined : control.defaultValue}
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
export function FormError({ id, errors }: { id?: string; errors: string[] | undefined }) {
  if (!errors?.[0]) return null;
  return (
    <p id={id} className={kit.banner} role="alert" data-testid="form-error">
      {errors[0]}
    </p>
  );
}
