/**
 * The providers' return (/auth/:provider/callback): Google comes back with a GET, Apple with a
 * cross-site form POST that is replayed as a GET (see third-party.server). Success signs in (or
 * links the account); a failure lands on the sign-in screen with the reason.
 */
import { finishThirdParty, providerParam, replayFormPost } from "~/server/third-party.server";
import type { Route } from "./+types/auth.callback";
import { readForm } from "~/server/form.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return finishThirdParty(request, context, providerParam(params.provider, context.cloudflare.env));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  providerParam(params.provider, context.cloudflare.env);
  return replayFormPost(request, await readForm(request));
}
