/**
 * The providers' return (/auth/:provider/callback): Google comes back with a GET, Apple with a
 * cross-site form POST that is replayed as a GET (see third-party.server). Success signs in (or
 * links the account); a failure lands on the sign-in screen with the reason.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { finishThirdParty, providerParam, replayFormPost } from "~/server/third-party.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return finishThirdParty(request, context, providerParam(params.provider, context.cloudflare.env));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  providerParam(params.provider, context.cloudflare.env);
  return replayFormPost(request, await request.formData());
}
