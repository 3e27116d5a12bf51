/** Any path no screen claims: a designed 404 in the viewer's language. */
import { NotFoundScreen } from "~/components/state-screen";
import { notFoundResponse } from "~/server/refusal.server";

export async function loader() {
  throw notFoundResponse();
}

export default function NotFound() {
  return <NotFoundScreen />;
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
