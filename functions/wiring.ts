/**
 * Where the Worker hands the adapters to the domain: every market context (both doors, the cron,
 * the edge files, the Durable Objects worker.ts exports) is built here, so the domain owns its
 * ports (market/context) and never names an adapter.
 */
import { assembleMarketContext, isReadBookmark, type AdapterContext, type ConversationStore, type MarketContext, type MarketPorts, type ReadStart, type Viewer } from "./market/context";
import { outboxMail } from "./integrations/mail";
import { paymentPort } from "./integrations/payment";
import { fileStore } from "./integrations/storage";
import { turnstileBotCheck } from "./integrations/bot-check/turnstile";
import { webPush } from "./integrations/push/web-push";
import { applePasses } from "./integrations/wallet/apple-pass";

export type { MarketContext } from "./market/context";

/** Mail through the outbox, files in R2, payments through the configured provider, each conversation in its Durable Object, the bot gate by Turnstile, notifications by web push, Apple Wallet passes by the pass signer. */
export function workerAdapters(base: AdapterContext): MarketPorts {
  return {
    mail: outboxMail(base),
    files: fileStore(base.env),
    payments: paymentPort(base.env),
    conversations: conversationObjects(base.env),
    botCheck: turnstileBotCheck(base.env),
    push: webPush(base.env),
    walletPasses: applePasses(base.env),
  };
}

export function createMarketContext(input: { env: Env; viewer: Viewer; now?: () => number; reads?: ReadStart; defer?: (work: Promise<unknown>) => void }): MarketContext {
  return assembleMarketContext({ ...input, adapters: workerAdapters });
}

/**
 * Reads that hand over a ticket or its file: whoever holds it is decided on the primary, so a
 * ticket resold a moment ago never opens for its former holder on a copy that is behind.
 */
const TICKET_READS = ["/e-ticket", "/pdf-download", "/pickup-ticket", "/ticket-detail", "/media/e-ticket/", "/user/order/v1/delivery/"];

/**
 * Where a request of either door starts reading (docs/decisions.md 266): a write (anything but
 * GET and HEAD: forms, API calls that change something, webhooks) and a ticket's handover read the
 * primary; any other read starts after the viewer's bookmark, or at the nearest copy without one.
 */
export function readStartOf(request: Request, bookmark: string | null): ReadStart {
  if (request.method !== "GET" && request.method !== "HEAD") return "primary";
  const path = new URL(request.url).pathname;
  if (TICKET_READS.some((prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))) return "primary";
  return bookmark !== null && isReadBookmark(bookmark) ? { after: bookmark } : "nearest";
}

/** One Durable Object per conversation, named by its id; its stub answers the port's calls over RPC. */
function conversationObjects(env: Env): MarketPorts["conversations"] {
  const namespace = env.CONVERSATIONS;
  return (id) => namespace.get(namespace.idFromName(String(id))) as unknown as ConversationStore;
}
