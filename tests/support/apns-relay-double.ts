/**
 * The APNs relay (integrations/wallet/apple-pass.ts) as the tests see it, at its HTTP boundary:
 * it takes { topic, tokens } with the relay's bearer token and answers a status per token, 200,
 * or 410 for a token marked gone. Tests read what each device token was told.
 */
export const APNS_RELAY_ORIGIN = "https://apns-relay.ovation.test";
export const APNS_RELAY_TOKEN = "test-apns-relay-token";

const told = new Map<string, string[]>();
const gone = new Set<string>();

/** Answers the request when it is for the relay double; null for anything else. */
export async function apnsRelayDouble(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.origin !== APNS_RELAY_ORIGIN) return null;
  const token = url.searchParams.get("token") ?? "";
  if (url.pathname === "/__told") return Response.json(told.get(token) ?? []);
  if (url.pathname === "/__gone") {
    gone.add(token);
    return new Response(null, { status: 204 });
  }
  if (url.pathname !== "/passes" || request.method !== "POST") return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== `Bearer ${APNS_RELAY_TOKEN}`) return new Response("unauthorized", { status: 401 });
  const body = (await request.json()) as { topic: string; tokens: string[] };
  const statuses: Record<string, number> = {};
  for (const device of body.tokens) {
    if (gone.has(device)) {
      statuses[device] = 410;
      continue;
    }
    told.set(device, [...(told.get(device) ?? []), body.topic]);
    statuses[device] = 200;
  }
  return Response.json({ statuses });
}
