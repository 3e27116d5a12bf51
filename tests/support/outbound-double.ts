/**
 * Everything that leaves the Worker in its tests (miniflare's outbound service): Turnstile's
 * siteverify and the push service, each answered by its double. Every other request is refused,
 * as the machine's missing network would.
 */
import { siteverifyDouble } from "./siteverify-double";
import { pushServiceDouble } from "./push-service-double";

export async function outboundDouble(request: Request): Promise<Response> {
  return (await pushServiceDouble(request)) ?? (await siteverifyDouble(request)) ?? new Response("no network in tests", { status: 502 });
}
