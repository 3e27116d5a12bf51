/**
 * The sign-out button, for any screen that offers it (Me, settings). A real form posting to
 * /logout; with JavaScript it also clears SPEC §4's signed-in keys from local storage and
 * raises the `logged-out` event before the page changes.
 */
import { Form } from "react-router";
import type { ReactNode } from "react";

/** SPEC §3/§4: what logging out clears on the device. */
export const SIGNED_IN_KEYS = [
  "access_token",
  "tsessionid",
  "userId",
  "ovation_email",
  "ovation_maskEmail",
  "ovation_nickName",
  "firstName",
  "lastName",
  "avatar",
  "phone",
  "googleBindStatus",
  "appleBindStatus",
];

export function clearSignedInKeys() {
  try {
    for (const key of SIGNED_IN_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked); the server already ended the session.
  }
  window.dispatchEvent(new CustomEvent("logged-out"));
}

export function SignOutForm({ className, children, redirectTo }: { className?: string; children: ReactNode; redirectTo?: string }) {
  return (
    <Form method="post" action="/logout" onSubmit={clearSignedInKeys}>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
