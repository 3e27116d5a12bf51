/**
 * Everything that leaves the Worker in its tests (miniflare's outbound service): Turnstile's
 * siteverify, the push service and the APNs relay, each answered by its double. Every other request is refused,
 * as the machine's missing network would.
 */
import { siteverifyDouble } from "./siteverify-double";
import { pushServiceDouble } from "./push-service-double";
import { apnsRelayDouble } from "./apns-relay-double";

export async function outboundDouble(request: Request): Promise<Response> {
  return (await pushServiceDouble(request)) ?? (await siteverifyDouble(request)) ?? (await apnsRelayDouble(request)) ?? new Response("no network in tests", { status: 502 });
}
