/**
 * One step of a console page as a real form post (works without JavaScript): a card with a
 * title, the step's fields, a refusal from the domain if the last try was refused, and one
 * submit button carrying the step's `intent`. The action parses the step with its zod schema;
 * in the browser the same schema checks the fields once the form is first focused
 * (checked-form.ts, docs/decisions.md 282), so neither zod nor conform is on the page's first
 * visit. Several steps share a page; each shows only its own reply.
 */
import { Form, useNavigation } from "react-router";
import type { ReactNode } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { $ZodType } from "zod/v4/core";
import { repliedFormProps, type RepliedField } from "./field/action-reply";
import { useCheckedForm } from "./field/checked-form";
import { FormError } from "./field/console-field";
import kit from "./console-kit.module.css";

/** What a console action answers when it does not redirect: which step, and its reply. */
export interface StepReply {
  intent: string;
  result: SubmissionResult<string[]>;
}

type Fields = Record<string, RepliedField>;

interface StepFormProps {
  intent: string;
  /**
   * The schema the action parses the step with, none for a plain button: best as an import
   * (`() => import(…)`), made when the form is first focused; a schema given as such comes with
   * the page.
   */
  schema?: $ZodType | (() => Promise<$ZodType>);
  title?: string;
  hint?: ReactNode;
  submit: string;
  /** The last action answer on this page, whichever step it was for. */
  reply: StepReply | undefined;
  defaultValue?: Record<string, string>;
  /** Uploads post as multipart. */
  multipart?: boolean;
  /** `dark` for steps that are not the main one. */
  tone?: "primary" | "dark" | "secondary";
  /** The form's own hidden values, besides the intent. */
  hidden?: Record<string, string | number>;
  /** Without a title: the form sits inside another card (no card of its own). */
  bare?: boolean;
  children?: (fields: Fields) => ReactNode;
}

export function StepForm({ intent, schema, title, hint, submit, reply, defaultValue, multipart, tone = "primary", hidden, bare = false, children }: StepFormProps) {
  const navigation = useNavigation();
  const { form, formProps, field } = useCheckedForm({
    id: `step-${intent}${hidden ? `-${Object.values(hidden).join("-")}` : ""}`,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaults: defaultValue,
    schema: typeof schema === "function" ? schema : async () => schema as $ZodType,
  });
  // The step's fields are the ones its children name.
  const fields = new Proxy({} as Fields, { get: (_, name) => field(String(name)) });
  // A plain button has nothing to check in the browser.
  const checking = schema ? formProps : repliedFormProps(form);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const buttonClass = tone === "dark" ? kit.dark : tone === "secondary" ? kit.secondary : kit.button;
  const body = (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...checking} className={kit.form}>
      <input type="hidden" name="intent" value={intent} />
      {hidden ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      {children?.(fields)}
      <FormError id={form.errorId} errors={form.errors} />
      <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy || undefined}>
        {submit}
      </button>
    </Form>
  );
  if (bare) return body;
  return (
    <section className={kit.card} aria-label={title}>
      {title ? <h2 className={kit.cardTitle}>{title}</h2> : null}
      {hint ? <p className={kit.hint}>{hint}</p> : null}
      {body}
    </section>
  );
}
