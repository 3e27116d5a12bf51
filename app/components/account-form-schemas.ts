/**
 * The schemas the account screens' forms are parsed with (code sign-in, register, password
 * reset, student certification): each action imports them, and each screen imports them only
 * when the buyer starts to fill its form in (checked-form.ts, docs/decisions.md 279), so zod is
 * not part of their first visit.
 */
import * as z from "zod/mini";
import type { $ZodTypeDiscriminable } from "zod/v4/core";
import { codeLoginSchema, registerSchema, resetPasswordSchema, sendCodeSchema } from "@market/accounts/schemas";

const sendStep = z.extend(sendCodeSchema, { intent: z.literal("send") });

/** A code screen's schema: step one (`send`) mails the code, the screen's own step uses it; told apart by the pressed button. */
function codeStepSchema<Step extends $ZodTypeDiscriminable>(step: Step) {
  return z.discriminatedUnion("intent", [sendStep, step]);
}

/** Code sign-in: step two signs in with the code. */
export const codeLoginStepSchema = codeStepSchema(z.extend(codeLoginSchema, { intent: z.literal("verify") }));

const displayNameField = z
  .string({ error: "validation.displayNameRequired" })
  .check(z.trim(), z.minLength(1, { error: "validation.displayNameRequired" }), z.maxLength(32, { error: "validation.nickNameTooLong" }));

/** Register: step two registers with the code. The web form asks for the name Me shows, so Me never falls back to a cut email prefix. */
export const registerStepSchema = codeStepSchema(z.extend(registerSchema, { intent: z.literal("register"), nickName: displayNameField }));

/** Password reset: step two sets the password with the code. */
export const resetStepSchema = codeStepSchema(z.extend(resetPasswordSchema, { intent: z.literal("reset") }));

/** Student certification: a code to the school email, then the code. */
export const studentStepSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("code"),
    schoolEmail: z.string({ error: "validation.emailRequired" }).check(z.trim(), z.toLowerCase(), z.email({ error: "validation.emailInvalid" }), z.maxLength(254)),
  }),
  z.object({ intent: z.literal("verify"), code: z.string({ error: "validation.codeRequired" }).check(z.trim(), z.regex(/^\d{6}$/, { error: "validation.codeFormat" })) }),
]);
