/**
 * The push service double (tests/support/push-service-double.ts) over HTTP, for the browser
 * tests: serve.ts starts it beside the Worker, which sends every push here (PUSH_SERVICE_RELAY,
 * honoured by the local demo only). The tests make subscriptions and read what arrived here too.
 *
 *   POST /relay/<endpoint>   a push, as the Worker would send it to <endpoint>
 *   *    /double/<path>      the double's own calls (__subscribe, __received/<id>, …)
 */
import { createServer } from "node:http";
import { PUSH_SERVICE_ORIGIN, pushServiceDouble } from "../../support/push-service-double";

/** The double's port beside the Worker's: one per test server. */
export function pushServicePort(workerPort: number): number {
  return workerPort + 1000;
}

export function servePushService(port: number) {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const path = incoming.url ?? "/";
      const target = path.startsWith("/relay/") ? decodeURIComponent(path.slice("/relay/".length)) : `${PUSH_SERVICE_ORIGIN}${path.replace(/^\/double/, "")}`;
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = (await pushServiceDouble(new Request(target, { method: incoming.method, headers, body }))) ?? new Response("not the push service", { status: 404 });
      outgoing.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  server.listen(port, "127.0.0.1");
  return server;
}
