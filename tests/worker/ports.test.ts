/**
 * The domain reaches mail, files and payments only through the ports on its context: a context
 * assembled with other adapters sees every call, and the Worker's wiring reaches the real ones.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { readOutbox } from "../../functions/integrations/mail";
import { requestEmailCode } from "../../functions/market/accounts/codes";
import { assembleMarketContext, type AdapterContext, type MailMessage, type MarketPorts } from "../../functions/market/context";
import { DEFAULT_VIEWER, type Viewer } from "../../functions/market/context/viewer";
import { forgetImage } from "../../functions/market/messaging/media-files";
import type { CreatePaymentInput, PaymentProvider } from "../../functions/market/context/payment-port";
import { createOrder } from "../../functions/market/orders";
import { startPayment } from "../../functions/market/payments";
import { createMarketContext, workerAdapters } from "../../functions/wiring";
import { newEmail } from "./support/accounts";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor } from "./support/buying";

const DAY = 24 * 60 * 60_000;

/** The Worker's adapters, with mail and file deletions recorded instead of kept. */
function recordingContext(options: { viewer?: Partial<Viewer>; now?: () => number; payments?: (base: AdapterContext) => MarketPorts["payments"] } = {}) {
  const mails: MailMessage[] = [];
  const deleted: string[] = [];
  const ctx = assembleMarketContext({
    env,
    viewer: { ...DEFAULT_VIEWER, ...options.viewer },
    now: options.now,
    adapters: (base) => {
      const wired = workerAdapters(base);
      return {
        ...wired,
        mail: { send: async (message) => (mails.push(message), { id: mails.length, status: "held" }) },
        files: { ...wired.files, delete: async (key) => void deleted.push(key) },
        ...(options.payments ? { payments: options.payments(base) } : {}),
      };
    },
  });
  return { ctx, mails, deleted };
}

test("a sign-up code is mailed through the context's mail port, not around it", async () => {
  const { ctx, mails } = recordingContext();
  const email = newEmail();
  await requestEmailCode(ctx, { email, purpose: "register" });
  expect(mails.map(({ to, kind, language }) => ({ to, kind, language }))).toEqual([{ to: email, kind: "code_register", language: "en-US" }]);
  expect(await readOutbox(ctx, { to: email })).toEqual([]);
});

test("the Worker's wiring puts the same mail in the outbox, held while no provider is set", async () => {
  const ctx = createMarketContext({ env, viewer: DEFAULT_VIEWER });
  const email = newEmail();
  await requestEmailCode(ctx, { email, purpose: "login" });
  expect((await readOutbox(ctx, { to: email })).map(({ kind, status }) => ({ kind, status }))).toEqual([{ kind: "code_login", status: "held" }]);
});

test("a recalled image's bytes are deleted through the file port, under the conversation's key", async () => {
  const { ctx, deleted } = recordingContext();
  const message = { seq: 3, clientId: "c-9", senderId: 41, kind: "image", text: "", masked: false, replyTo: null, ref: null, sentAt: 0, recalledAt: null } as const;
  const store = { holdsImage: async () => false };
  await forgetImage(ctx, store, 7, message);
  await forgetImage(ctx, store, 7, { ...message, kind: "text" });
  expect(deleted).toEqual(["chat/conversation-7/41-c-9"]);
});

test("a payment starts with the provider the payment port names, through that provider's adapter", async () => {
  const clock = clockAt();
  const userId = await makeBuyer();
  const { listingId } = await makeListing({ startsAt: clock.now() + 30 * DAY });
  const order = await createOrder(marketFor(userId, clock), { ...CONTACT, listingId, quantity: 2 });
  const asked: CreatePaymentInput[] = [];
  const stripeStandIn: PaymentProvider = {
    name: "stripe",
    createPayment: async (input) => (asked.push(input), { providerPaymentId: "pi_port", redirectUrl: null, clientSecret: "pi_port_secret" }),
    refund: async () => ({ providerRefundId: "re_port" }),
    readCallback: async () => null,
  };
  const { ctx } = recordingContext({
    viewer: { environment: "dev", userId },
    now: clock.now,
    payments: (base) => ({ ...workerAdapters(base).payments, activeProviderName: () => "stripe", provider: () => stripeStandIn }),
  });
  const started = await startPayment(ctx, { orderId: order.id }, "http://localhost");
  expect(started).toMatchObject({ provider: "stripe", redirectUrl: null, clientSecret: "pi_port_secret", currency: "HKD" });
  expect(asked.map(({ currency, origin }) => ({ currency, origin }))).toEqual([{ currency: "HKD", origin: "http://localhost" }]);
});
