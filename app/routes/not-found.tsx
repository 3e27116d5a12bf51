/** Any path no screen claims: a designed 404 in the viewer's language. */
import { NotFoundScreen } from "~/components/state-screen";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
