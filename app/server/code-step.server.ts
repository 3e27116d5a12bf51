/**
 * Which address a code was just sent to, between the two steps of a code screen (send, then
 * enter). Kept in a short-lived HttpOnly cookie rather than the URL, so the address never lands
 * in history, logs or analytics. It is not a secret: the code is still required.
 */
import { createCookie, redirect, type AppLoadContext } from "react-router";
import * as z from "zod";
import { requestEmailCode } from "@market/accounts";
import { MarketError } from "@market/errors";
import { requesterOf } from "../../functions/web/requester";
import { CODE_PURPOSES } from "../../functions/db/schema/accounts";
import { refusalText } from "./refusal.server";
import { toastHeader } from "./toast.server";

const stepCookie = createCookie("__Host-ovation_code_step", {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
  maxAge: 30 * 60,
});

const stepSchema = z.object({ email: z.string().max(254), purpose: z.enum(CODE_PURPOSES) });
export type CodeStep = z.infer<typeof stepSchema>;

/** The pending address for this screen's purpose, or null (step one). */
export async function readCodeStep(request: Request, purpose: CodeStep["purpose"]): Promise<string | null> {
  const parsed = stepSchema.safeParse(await stepCookie.parse(request.headers.get("cookie")));
  return parsed.success && parsed.data.purpose === purpose ? parsed.data.email : null;
}

export function codeStepCookie(step: CodeStep): Promise<string> {
  return stepCookie.serialize(step);
}

export function clearCodeStepCookie(): Promise<string> {
  return stepCookie.serialize("", { maxAge: 0 });
}

/**
 * Step one of a code screen: mails the code, then shows step two (same page, same query) with
 * a toast. Refusals (the daily mail limit) come back to the form as its error.
 */
export async function sendCodeAndContinue(
  request: Request,
  context: AppLoadContext,
  input: { email: string; purpose: CodeStep["purpose"] },
): Promise<Response | { refusal: string }> {
  let toast = "accountToast.codeSent";
  try {
    await requestEmailCode(context.market, { ...input, requester: requesterOf(request) });
  } catch (error) {
    // A code this browser asked for less than a minute ago is still valid: go on to enter it.
    if (!(error instanceof MarketError && error.messageKey === "codeResendWait")) return { refusal: await refusalText(error, context) };
    toast = "accountToast.codeStillValid";
  }
  const url = new URL(request.url);
  const headers = new Headers();
  headers.append("Set-Cookie", await codeStepCookie(input));
  headers.append("Set-Cookie", await toastHeader({ kind: "success", key: toast }));
  return redirect(`${url.pathname}${url.search}`, { headers });
}

/** 'Use a different email': back to step one. */
export async function restartCodeStep(request: Request): Promise<Response> {
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": await clearCodeStepCookie() } });
}
