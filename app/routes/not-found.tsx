/** Any path no screen claims: a designed 404 in the viewer's language. */
import { ErrorView } from "~/components/error-view";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return <ErrorView kind="notFound" />;
}

export function ErrorBoundary() {
  return <ErrorView kind="notFound" />;
}
