/** Refusals no console or client should ever see as a 500: an unknown venue or event, a bad view, a deployment that cannot take payments. */
import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { startPayment } from "../../functions/market/payments";
import { setResaleFlags } from "../../functions/market/selling";
import { expectConsoleError } from "../support/console-guard";
import { refusal } from "./support/after-sales";
import { api } from "./support/api";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, testDb } from "./support/buying";
import { supportOn, tokenHeaders } from "./support/delivery";
import { sessionOnSale } from "./support/selling";
import * as schema from "../../functions/db/schema";
import { eq } from "drizzle-orm";

test("resale flags for a venue or an event that does not exist are refused naming the field, and nothing is written", async () => {
  const clock = clockAt();
  const support = await supportOn(clock);
  const session = await sessionOnSale();
  const headers = await tokenHeaders(support.userId);

  const venue = await api("/support/v1/resale/flags", { headers, body: { venueId: 987654, licensedPlace: true } });
  const show = await api("/support/v1/resale/flags", { headers, body: { showId: 987654, designatedEvent: true } });
  // A real venue with an unknown event: refused whole, the venue's flags left as they were.
  const mixed = await api("/support/v1/resale/flags", { headers, body: { venueId: session.venueId, licensedPlace: true, showId: 987654 } });
  const [kept] = await testDb.select().from(schema.venueResaleFlags).where(eq(schema.venueResaleFlags.venueId, session.venueId));

  expect(venue.status).toBe(200);
  expect(venue.body).toMatchObject({ statusCode: 12308, message: "venueId is invalid.", data: null });
  expect(show.status).toBe(200);
  expect(show.body).toMatchObject({ statusCode: 12308, message: "showId is invalid." });
  expect(mixed.body).toMatchObject({ statusCode: 12308, message: "showId is invalid." });
  expect(kept.licensedPlace).toBe(false);
  expect((await refusal(setResaleFlags(support.market, { venueId: 987654 }))).code).toBe(CODES.invalidParam);
  // A known venue still takes its flags.
  const set = await api("/support/v1/resale/flags", { headers, body: { venueId: session.venueId, licensedPlace: true } });
  expect(set.body.statusCode).toBe(200);
});

test("the proofs queue takes view=pending or reviewed, pending when absent, and refuses anything else naming view", async () => {
  const support = await supportOn(clockAt());
  const headers = await tokenHeaders(support.userId);

  const absent = await api("/support/v1/listing/proofs", { headers });
  const pending = await api("/support/v1/listing/proofs?view=pending", { headers });
  const reviewed = await api("/support/v1/listing/proofs?view=reviewed", { headers });
  const answers = await Promise.all(["Reviewed", "all", "", "pending,reviewed", "reviewed%00"].map((view) => api(`/support/v1/listing/proofs?view=${view}`, { headers })));

  expect([absent.body.statusCode, pending.body.statusCode, reviewed.body.statusCode]).toEqual([200, 200, 200]);
  expect(answers.map((answer) => [answer.status, answer.body.statusCode, answer.body.message])).toEqual([
    [200, 12308, "view is invalid."],
    [200, 12308, "view is invalid."],
    [200, 12308, "view is invalid."],
    [200, 12308, "view is invalid."],
    [200, 12308, "view is invalid."],
  ]);
});

test("paying on a production host without a payment provider is refused with 503 in the viewer's language, and logged", async () => {
  const clock = clockAt(Date.now());
  const buyerId = await makeBuyer({ language: "zh-HK" });
  const { listingId } = await makeListing({ quantity: 4, startsAt: clock.now() + 30 * 24 * 60 * 60_000 });
  const order = await createOrder(marketFor(buyerId, clock), { ...CONTACT, listingId, quantity: 2 });
  expectConsoleError(2);
  const logged: string[] = [];
  const guard = console.error;
  console.error = (...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
    guard(...args);
  };

  const response = await SELF.fetch("https://www.ovation.example/user/order/v1/pay", {
    method: "POST",
    headers: { ...(await tokenHeaders(buyerId)), host: "www.ovation.example", lan: "zh-HK", "content-type": "application/json" },
    body: JSON.stringify({ orderId: order.id }),
  });
  const body = (await response.json()) as { statusCode: number; message: string; data: unknown };
  const english = await refusal(startPayment(marketFor(buyerId, clock, { environment: "production", language: "en-US" }), { orderId: order.id }, "https://www.ovation.example"));

  expect(response.status).toBe(503);
  expect(body).toEqual({ statusCode: 610033, message: "目前暫時無法付款。訂單會保留至到期為止，請稍後再試。", data: null });
  expect(english.code).toBe(610033);
  expect(english.status).toBe(503);
  console.error = guard;
  expect(logged.length).toBe(2);
  for (const line of logged) expect(line).toContain("payments are unavailable: no payment provider may take payments in production (set STRIPE_SECRET_KEY)");
});
