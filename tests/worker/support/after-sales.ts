/**
 * Factories for after-sales tests: a buyer with an order paid through the sandbox provider, a
 * support account, receiving accounts of both currencies, and a payment port that counts (or
 * fails) refunds.
 */
import { env } from "cloudflare:test";
import { paymentProvider, type PaymentProvider, type RefundInput } from "../../../functions/integrations/payment";
import type { ApplyInput, ApplyRequest } from "../../../functions/market/aftersales";
import { applySchema } from "../../../functions/market/aftersales";
import { createOrder, getOrder, type OrderView } from "../../../functions/market/orders";
import type { PaymentDeps } from "../../../functions/market/payments";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox, testDb } from "./buying";
import * as schema from "../../../functions/db/schema";

export const DAY = 24 * 60 * 60_000;

/** The card number of the HKD account: it must never appear whole in any answer. */
export const CARD_NUMBER = "4929123456781234";
export const ALIPAY_EMAIL = "mei.chan@example.com";
export const ALIPAY_MOBILE = "13812345678";

export const HKD_ACCOUNT = {
  accountCurrency: "HKD",
  recipientName: "Chan Tai Man",
  bankName: "HSBC Hong Kong",
  bankCode: "004",
  swiftCode: "HSBCHKHHHKH",
  cardNumber: CARD_NUMBER,
  accountOpeningArea: "Hong Kong",
} as const;

export const CNY_ACCOUNT = { accountCurrency: "CNY", recipientName: "陳美玲", alipayAccount: ALIPAY_EMAIL } as const;

/** A valid refund application for `orderId` (HKD bank account unless another is given). */
export function application(orderId: number, overrides: Record<string, unknown> = {}): ApplyInput {
  return { orderId, kind: "refund", reason: "changed_plans", refundAmount: "100", ...HKD_ACCOUNT, ...overrides } as ApplyInput;
}

/** The application parsed as the doors parse it; throws when the test wrote a bad one. */
export function parsedApplication(orderId: number, overrides: Record<string, unknown> = {}): ApplyRequest {
  return applySchema.parse(application(orderId, overrides));
}

/** A buyer, their order (paid through the sandbox unless `paid: false`), on a clock the test moves. */
export async function paidOrder(options: { at?: number; paid?: boolean; currencyCode?: string; priceMinor?: number; startsInMs?: number } = {}) {
  const clock = clockAt(options.at);
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const { listingId } = await makeListing({
    startsAt: clock.now() + (options.startsInMs ?? 30 * DAY),
    currencyCode: options.currencyCode,
    priceMinor: options.priceMinor,
  });
  const contactEmail = `buyer-${crypto.randomUUID()}@example.com`;
  let order: OrderView = await createOrder(buyer, { ...CONTACT, contactEmail, listingId, quantity: 2 });
  if (options.paid !== false) {
    await paySandbox(buyer, clock, order);
    order = await getOrder(buyer, order.id);
  }
  return { clock, buyerId, buyer, order, contactEmail };
}

/** A support account acting on `clock`. */
export async function supportOn(clock: { now: () => number }) {
  const userId = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId, role: "support", createdAt: clock.now() });
  return { userId, market: marketFor(userId, clock) };
}

/**
 * The sandbox provider, recording every refund asked of it; `failing` makes it refuse them;
 * `holdUntil` holds every refund until that many are waiting, so callers that raced to it all
 * answer after each has asked (the window in which a refund could be recorded twice).
 */
export function countingProvider(options: { failing?: boolean; holdUntil?: number } = {}) {
  const refunds: RefundInput[] = [];
  const sandbox = paymentProvider(env, "sandbox");
  let release: () => void = () => {};
  const allAsked = new Promise<void>((resolve) => (release = resolve));
  const deps: PaymentDeps = {
    provider: (): PaymentProvider => ({
      ...sandbox,
      refund: async (input) => {
        refunds.push(input);
        if (options.holdUntil !== undefined) {
          if (refunds.length >= options.holdUntil) release();
          await allAsked;
        }
        if (options.failing) throw new Error("provider down");
        return sandbox.refund(input);
      },
    }),
  };
  return { deps, refunds };
}

export { refusal } from "./refusal";

/** A case's row as stored. */
export function caseRow(caseId: number) {
  return env.DB.prepare("SELECT * FROM after_sale_cases WHERE id = ?").bind(caseId).first<Record<string, unknown>>();
}

/** Kinds of a case's events, oldest first. */
export async function eventKinds(caseId: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT kind FROM after_sale_events WHERE case_id = ? ORDER BY id").bind(caseId).all<{ kind: string }>();
  return results.map((row) => row.kind);
}

/** Mails sent to an address, oldest first. */
/** The mails sent to an address after its purchase: the order's own confirmation is left out. */
export async function mailsTo(address: string) {
  const { results } = await env.DB.prepare("SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ? AND kind <> 'order_confirmed' ORDER BY id")
    .bind(address.toLowerCase())
    .all<{ kind: string; subject: string; text_body: string }>();
  return results;
}
