import { GeneralErrorBoundary } from "~/components/error-view";
import { requireUser } from "~/server/auth.server";
import type { Route } from "./+types/news";

// SPEC §2: Messages requires sign-in; a guest is sent to sign in and brought back.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Screen() {
  return <main><h1>news</h1></main>;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
