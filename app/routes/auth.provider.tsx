/**
 * Start a Google or Apple sign-in (/auth/:provider): the provider buttons post here (intent
 * `login`, or `bind` from a signed-in account), and the browser is sent to the provider. Only
 * configured providers exist; a GET has nothing to start and goes to the sign-in screen.
 */
import { redirect } from "react-router";
import { providerParam, startThirdParty } from "~/server/third-party.server";
import type { Route } from "./+types/auth.provider";
import { readForm } from "~/server/form.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  providerParam(params.provider, context.cloudflare.env);
  return redirect("/login");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = providerParam(params.provider, context.cloudflare.env);
  const formData = await readForm(request);
  const redirectTo = formData.get("redirectTo");
  return startThirdParty(request, context, provider, {
    intent: formData.get("intent") === "bind" ? "bind" : "login",
    redirectTo: typeof redirectTo === "string" && redirectTo ? redirectTo : null,
  });
}
