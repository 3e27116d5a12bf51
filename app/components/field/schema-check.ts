/**
 * A form's errors under its schema, as its action would find them: loaded only once the buyer
 * starts to fill a form in (checked-form.ts), so conform's parser and zod are not part of the
 * page's first visit.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** Errors by field name (the form's own under ""), as message keys. */
export function schemaErrors(formData: FormData, schema: $ZodType): Record<string, string[]> {
  const submission = parseWithZod(formData, { schema });
  const errors: Record<string, string[]> = {};
  if (submission.status === "success") return errors;
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}
