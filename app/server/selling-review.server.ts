/**
 * The web door of support's selling screens: the change log written for the viewer, and one
 * decision step (parse the form strictly, run the domain call, redirect back with a toast).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import type { ReviewLogEntry } from "@market/selling";
import type { LogLine } from "~/components/selling-review";
import { requireConsole, SUPPORT_TIME_ZONE, takeStep, type ConsoleWriters } from "./console.server";
import { readForm } from "./form.server";
import { notFoundResponse } from "./refusal.server";

export function logLines(entries: ReviewLogEntry[], write: ConsoleWriters): LogLine[] {
  return entries.map((entry) => ({ id: entry.id, subjectId: entry.subjectId, decision: entry.decision, reason: entry.reason, staff: entry.staff, at: write.moment(entry.at, SUPPORT_TIME_ZONE) }));
}

/** Runs one decision of a selling screen; the form's fields are parsed by the domain call's own schema. */
export function reviewStep<Schema extends z.core.$ZodType<Record<string, unknown>>>(
  context: AppLoadContext,
  formData: FormData,
  step: { intent: string; schema: Schema; redirectTo: string; run: (value: z.input<Schema>) => Promise<unknown> },
) {
  return takeStep(context, {
    intent: step.intent,
    submission: parseWithZod(formData, { schema: step.schema }),
    redirectTo: step.redirectTo,
    run: (value) => step.run(value as z.input<Schema>),
    toast: () => "selling:toast.reviewed",
    labels: { reason: "selling:review.reason" },
  });
}

/** A selling screen's action: support only; each intent names the schema that parses its form and the domain call it runs. */
export async function reviewAction(
  request: Request,
  context: AppLoadContext,
  redirectTo: string,
  steps: Record<string, { schema: z.core.$ZodType<Record<string, unknown>>; run: (value: never) => Promise<unknown> }>,
) {
  await requireConsole(request, context, "support");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const step = Object.hasOwn(steps, intent) ? steps[intent] : undefined;
  if (!step) throw notFoundResponse();
  return reviewStep(context, formData, { intent, schema: step.schema, redirectTo, run: (value) => step.run(value as never) });
}
