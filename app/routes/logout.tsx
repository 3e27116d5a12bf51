/**
 * Sign out (/logout, POST only): revokes the session, clears its cookie and SPEC §4's
 * signed-in keys, and goes to Me. A GET changes nothing.
 */
import { redirect } from "react-router";
import { safeRedirectTo, signOutAndRedirect } from "~/server/auth.server";
import type { Route } from "./+types/logout";

export async function loader() {
  return redirect("/mine");
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  return signOutAndRedirect(request, context, safeRedirectTo(formData.get("redirectTo"), "/mine"));
}
