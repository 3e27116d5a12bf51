/**
 * The action every two-step account screen shares (sign in by code, register, reset the
 * password): 'use a different email' restarts; step one mails a code and shows step two;
 * step two completes with the screen's own domain call and signs the buyer in. Refusals come
 * back to the form as its error, in the viewer's language.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import type { SignedIn } from "@market/accounts";
import { refusalText, signInAndRedirect } from "./auth.server";
import { restartCodeStep, sendCodeAndContinue, type CodeStep } from "./code-step.server";
import { readForm } from "./form.server";

interface SendFields {
  intent: "send";
  email: string;
}

interface CompleteFields {
  intent: string;
  redirectTo?: string;
}

export async function answerCodeStep<Complete extends CompleteFields>(
  { request, context }: { request: Request; context: AppLoadContext },
  step: {
    schema: z.core.$ZodType<SendFields | Complete>;
    purpose: CodeStep["purpose"];
    /** Fields never echoed back to the form (passwords). */
    hideFields?: string[];
    complete: (fields: Complete) => Promise<SignedIn>;
    toastKey: (signedIn: SignedIn) => string;
  },
) {
  const formData = await readForm(request);
  if (formData.get("intent") === "restart") throw await restartCodeStep(request);

  const submission = parseWithZod(formData, { schema: step.schema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: step.hideFields }) }, { status: 400 });

  const fields = submission.value;
  if (isSend(fields)) {
    const sent = await sendCodeAndContinue(request, context, { email: fields.email, purpose: step.purpose });
    if (sent instanceof Response) throw sent;
    return data({ result: submission.reply({ formErrors: [sent.refusal] }) }, { status: 400 });
  }

  let signedIn: SignedIn;
  try {
    signedIn = await step.complete(fields as Complete);
  } catch (error) {
    const message = await refusalText(error, context);
    return data({ result: submission.reply({ formErrors: [message], hideFields: step.hideFields }) }, { status: 400 });
  }
  throw await signInAndRedirect(request, context, signedIn, {
    redirectTo: fields.redirectTo,
    toast: { kind: "success", key: step.toastKey(signedIn) },
  });
}

function isSend(fields: SendFields | CompleteFields): fields is SendFields {
  return fields.intent === "send";
}
