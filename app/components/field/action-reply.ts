/**
 * What an action said of a form it refused (conform's SubmissionResult, made on the server), read
 * without conform: the small forms whose action alone validates (docs/decisions.md 166) need its
 * errors and the values to show again, not a form library in the browser. Ids follow conform's
 * (`<form>-<field>`, `…-error`) like the forms that keep it.
 */
import type { SubmissionResult } from "@conform-to/react";

export interface RepliedField {
  id: string;
  name: string;
  errorId: string;
  /** Where a hint under the field says what it wants. */
  descriptionId: string;
  errors: string[] | undefined;
  /** What the buyer had sent, to be corrected rather than typed again. */
  initialValue: unknown;
}

export interface ActionReply<Name extends string> {
  form: { id: string; errorId: string; errors: string[] | undefined };
  fields: Record<Name, RepliedField>;
  /** The action refused the form: a sheet or a folded card holding it opens again. */
  refused: boolean;
}

export function actionReply<Name extends string>(
  formId: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  names: readonly Name[],
  /** What the fields start with before the action has answered (conform's defaultValue). */
  defaults: Partial<Record<Name, string>> = {},
): ActionReply<Name> {
  const errors = lastResult?.error ?? {};
  const initial: Record<string, unknown> = lastResult?.initialValue ?? defaults;
  const fields = {} as Record<Name, RepliedField>;
  for (const name of names) {
    const id = `${formId}-${name}`;
    fields[name] = { id, name, errorId: `${id}-error`, descriptionId: `${id}-description`, errors: errors[name] ?? undefined, initialValue: initial[name] };
  }
  // conform files the errors of the form as a whole under the empty name.
  const form = { id: formId, errorId: `${formId}-error`, errors: errors[""] ?? undefined };
  return { form, fields, refused: Object.keys(errors).length > 0 };
}

/**
 * A control's attributes for a replied field, announced as conform's getInputProps does (a select
 * has no type): its error, then its hint (`describedBy`) when it has one.
 */
export function repliedInputProps(field: RepliedField, type?: "email" | "number" | "password" | "tel" | "text", describedBy?: string) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    type,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": (invalid ? `${field.errorId} ${describedBy ?? ""}`.trim() : describedBy) || undefined,
  };
}

/** A replied form's attributes, announced as conform's getFormProps does: invalid when the form as a whole was refused. */
export function repliedFormProps(form: ActionReply<string>["form"]) {
  const invalid = form.errors !== undefined;
  return { id: form.id, noValidate: true, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? form.errorId : undefined };
}

/** One radio of a replied field, checked when it is what the buyer had sent (or starts with), announced as its field is. */
export function repliedChoiceProps(field: RepliedField, value: string) {
  const invalid = field.errors !== undefined;
  return {
    id: `${field.id}-${value}`,
    name: field.name,
    type: "radio" as const,
    value,
    defaultChecked: field.initialValue === value,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}
