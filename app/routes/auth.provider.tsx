/**
 * Start a Google or Apple sign-in (/auth/:provider): the provider buttons post here (intent
 * `login`, or `bind` from a signed-in account), and the browser is sent to the provider. Only
 * configured providers exist; a GET has nothing to start and goes to the sign-in screen.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { providerParam, startThirdParty } from "~/server/third-party.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  providerParam(params.provider, context.cloudflare.env);
  return redirect("/login");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = providerParam(params.provider, context.cloudflare.env);
  const formData = await request.formData();
  const redirectTo = formData.get("redirectTo");
  return startThirdParty(request, context, provider, {
    intent: formData.get("intent") === "bind" ? "bind" : "login",
    redirectTo: typeof redirectTo === "string" && redirectTo ? redirectTo : null,
  });
}
