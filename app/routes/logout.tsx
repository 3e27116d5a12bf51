/**
 * Sign out (/logout, POST only): revokes the session, clears its cookie and SPEC §4's
 * signed-in keys, and goes to Me. A GET changes nothing.
 */
import { redirect } from "react-router";
import { safeRedirectTo, signOutAndRedirect } from "~/server/auth.server";
import type { Route } from "./+types/logout";
import { isFormBody, readForm } from "~/server/form.server";

export async function loader() {
  return redirect("/mine");
}

export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form is not the sign-out button: refuse it rather than guess.
  if (!isFormBody(request)) throw new Response("Bad request", { status: 400 });
  const formData = await readForm(request);
  return signOutAndRedirect(request, context, safeRedirectTo(formData.get("redirectTo"), "/mine"));
}
