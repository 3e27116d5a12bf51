/**
 * A form that checks itself in the browser against the schema its action parses with: a field is
 * checked when the buyer leaves it, and again as it is corrected, so most refusals come before
 * the round trip. The action's own answer (`lastResult`) still has the last word.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input } from "zod/v4/core";

export function useSchemaForm<Schema extends $ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; lastResult: SubmissionResult<string[]> | null | undefined; defaultValue?: DefaultValue<input<Schema>> },
) {
  return useForm({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
