/**
 * Where the Worker hands the adapters to the domain: every market context (both doors, the cron,
 * the edge files, the Durable Objects worker.ts exports) is built here, so the domain owns its
 * ports (market/context) and never names an adapter.
 */
import { assembleMarketContext, type AdapterContext, type ConversationStore, type MarketContext, type MarketPorts, type Viewer } from "./market/context";
import { outboxMail } from "./integrations/mail";
import { paymentPort } from "./integrations/payment";
import { fileStore } from "./integrations/storage";

export type { MarketContext } from "./market/context";

/** Mail through the outbox, files in R2, payments through the configured provider, each conversation in its Durable Object. */
export function workerAdapters(base: AdapterContext): MarketPorts {
  return { mail: outboxMail(base), files: fileStore(base.env), payments: paymentPort(base.env), conversations: conversationObjects(base.env) };
}

export function createMarketContext(input: { env: Env; viewer: Viewer; now?: () => number }): MarketContext {
  return assembleMarketContext({ ...input, adapters: workerAdapters });
}

/** One Durable Object per conversation, named by its id; its stub answers the port's calls over RPC. */
function conversationObjects(env: Env): MarketPorts["conversations"] {
  const namespace = env.CONVERSATIONS;
  return (id) => namespace.get(namespace.idFromName(String(id))) as unknown as ConversationStore;
}
