/**
 * A form its action validates, also checked in the browser once the buyer starts to fill it in:
 * the schema and its parser load at the first focus (docs/decisions.md 279), a field is checked
 * when the buyer leaves it and again as it is corrected, and the whole form on submit, so most
 * mistakes are told before the round trip. Until the schema has arrived, and without
 * JavaScript, the action's reply (`lastResult`) tells them, in the same words. Ids and
 * attributes are conform's (action-reply.ts), as the action answers with conform's reply.
 */
import { useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { $ZodType } from "zod/v4/core";
import { actionReply, repliedFormProps, type ActionReply } from "./action-reply";

type Errors = Record<string, string[] | undefined>;
type Check = (formData: FormData) => Record<string, string[]>;

interface CheckedFormOptions<Name extends string> {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The fields the schema checks; without it, every control the form draws for a person to fill in. */
  names?: readonly Name[];
  /** The schema the action parses with, imported when first needed. */
  schema: () => Promise<$ZodType>;
  defaults?: Partial<Record<Name, string>>;
}

export function useCheckedForm<Name extends string>({ id, lastResult, names, schema, defaults }: CheckedFormOptions<Name>) {
  const check = useRef<Promise<Check> | null>(null);
  const ready = useRef<Check | null>(null);
  const touched = useRef(new Set<string>());
  // The browser's findings hold until the action answers again.
  const [found, setFound] = useState<{ after: unknown; errors: Errors } | null>(null);
  const browser = found && found.after === lastResult ? found.errors : null;

  const load = () =>
    (check.current ??= Promise.all([import("./schema-check"), schema()]).then(([{ schemaErrors }, parsed]) => {
      ready.current = (formData: FormData) => schemaErrors(formData, parsed);
      return ready.current;
    }));

  /** Shows what `run` finds for the touched fields, over the action's last word. */
  const show = (all: Record<string, string[]>, withForm: boolean) => {
    const errors: Errors = {};
    for (const name of touched.current) errors[name] = all[name];
    if (withForm) errors[""] = all[""];
    setFound({ after: lastResult, errors });
    return Object.values(errors).some(Boolean);
  };

  const recheck = (form: HTMLFormElement) => {
    // As Enter would send it: with the form's first submit button (a step's `intent`), so a
    // schema that tells its steps apart by that button checks the step on screen.
    const run = (checkForm: Check) => show(checkForm(new FormData(form, defaultSubmitter(form))), false);
    if (ready.current) run(ready.current);
    else void load().then(run);
  };

  const fieldNames = (form: HTMLFormElement): readonly string[] => names ?? controlNames(form);

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (!name || !fieldNames(event.currentTarget).includes(name)) return;
    touched.current.add(name);
    recheck(event.currentTarget);
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    if (touched.current.has((event.target as { name?: string }).name ?? "")) recheck(event.currentTarget);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checkForm = ready.current;
    if (!checkForm) return; // not loaded yet: the action checks it
    const form = event.currentTarget;
    const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    const own = fieldNames(form);
    for (const name of own) touched.current.add(name);
    const all = checkForm(formData);
    if (!show(all, true)) return;
    event.preventDefault();
    const first = own.find((name) => all[name]);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  const shown = browser ? { initialValue: lastResult?.initialValue, error: mergeErrors(lastResult?.error, browser) } : lastResult;
  const reply: ActionReply<Name> = actionReply(id, shown as SubmissionResult<string[]> | undefined, names ?? [], defaults);
  const formProps = { ...repliedFormProps(reply.form), onFocus: () => void load(), onBlur, onInput, onSubmit };
  /** Any field by name, for a form whose fields its parts name (no `names`). */
  const field = (name: string) => actionReply(id, shown as SubmissionResult<string[]> | undefined, [name], defaults as Record<string, string>).fields[name];
  return { ...reply, formProps, field };
}

/** The names of the controls a person fills in (not hidden values, not buttons), in the form's order. */
function controlNames(form: HTMLFormElement): string[] {
  const found = new Set<string>();
  for (const control of Array.from(form.elements) as HTMLInputElement[]) {
    if (control.name && !["hidden", "submit", "button", "reset"].includes(control.type)) found.add(control.name);
  }
  return [...found];
}

function defaultSubmitter(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector("button:not([type=button]):not([type=reset]), input[type=submit]");
}

function mergeErrors(server: Record<string, string[] | null> | undefined, browser: Errors) {
  const merged: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries({ ...server, ...browser })) if (messages?.length) merged[name] = messages;
  return merged;
}

/** A checked form's attributes, for the parts that draw its `<Form>`. */
export type CheckedFormProps = ReturnType<typeof useCheckedForm>["formProps"];
