/**
 * One step of a console page as a real form post (works without JavaScript): a card with a
 * title, the step's fields (conform, validated in the browser by the same zod schema the action
 * parses with), a refusal from the domain if the last try was refused, and one submit button
 * carrying the step's `intent`. Several steps share a page; each shows only its own reply.
 */
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormError } from "./field/console-field";
import kit from "./console-kit.module.css";

/** What a console action answers when it does not redirect: which step, and its reply. */
export interface StepReply {
  intent: string;
  result: SubmissionResult<string[]>;
}

type Fields = Record<string, FieldMetadata<unknown>>;

interface StepFormProps {
  intent: string;
  /** Parses the step's fields (the action parses with the same one); none for a plain button. */
  schema?: z.core.$ZodType<Record<string, unknown>, Record<string, unknown>>;
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
  const mine = reply?.intent === intent ? reply.result : undefined;
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `step-${intent}${hidden ? `-${Object.values(hidden).join("-")}` : ""}`,
    lastResult: mine,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: schema ? ({ formData }) => parseWithZod(formData, { schema }) : undefined,
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const buttonClass = tone === "dark" ? kit.dark : tone === "secondary" ? kit.secondary : kit.button;
  const body = (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...getFormProps(form)} className={kit.form}>
      <input type="hidden" name="intent" value={intent} />
      {hidden ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      {children?.(fields as Fields)}
      <FormError errors={form.errors} />
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
