/**
 * The one frame every form field is drawn in: its label (with the 'Optional' mark), the control,
 * a hint and the field's error, the error wired by id to the control (conform's errorId, which
 * getInputProps already names in aria-describedby and marks with aria-invalid). Each screen
 * brings its own look (class names), so sign-in, console, after-sales, support, address and
 * checkout forms keep how they look while sharing how a field is built and announced.
 */
import type { ReactNode } from "react";
import { OptionalMark } from "../optional-mark";

/** The class names of one screen's fields. Without `field` the parts sit in the form's own flow (no wrapper). */
export interface FieldLook {
  field?: string;
  label?: string;
  /** Wraps the label and its `aside` (a counter) in one row. */
  labelRow?: string;
  optional?: string;
  hint?: string;
  error?: string;
}

export interface FieldFrameProps {
  look: FieldLook;
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  /** The 'Optional' word in the viewer's language, when the field may be left empty. */
  optional?: string;
  /** Beside the label (a character counter), in the look's label row. */
  aside?: ReactNode;
  hint?: string;
  /** Set when the control names the hint in aria-describedby. */
  hintId?: string;
  /** The field's first error as a sentence in the viewer's language, or null. */
  error: string | null | undefined;
  errorId: string;
  /** 'alert' where the error must be announced as it appears (forms checked as the buyer types). */
  errorRole?: "alert";
  /** For screens whose tests find the error by test id. */
  errorTestId?: string;
  children: ReactNode;
}

export function FieldFrame({ look, id, label, optional, aside, hint, hintId, error, errorId, errorRole, errorTestId, children }: FieldFrameProps) {
  const labelled = (
    <label htmlFor={id} className={look.label}>
      {label}
      {optional ? <OptionalMark className={look.optional}>{optional}</OptionalMark> : null}
    </label>
  );
  const parts = (
    <>
      {look.labelRow ? (
        <div className={look.labelRow}>
          {labelled}
          {aside}
        </div>
      ) : (
        labelled
      )}
      {children}
      {hint ? (
        <p id={hintId} className={look.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={look.error} role={errorRole} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  );
  if (look.field === undefined) return parts;
  return (
    <div className={look.field} data-invalid={error ? "" : undefined}>
      {parts}
    </div>
  );
}

/** What every email box asks of the phone: the email keyboard and autofill, no capitals or spelling fixes. */
export const EMAIL_INPUT = { autoComplete: "email", inputMode: "email", autoCapitalize: "none", spellCheck: false } as const;
