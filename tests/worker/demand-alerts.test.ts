import { expect, test } from "vitest";
import { SELF } from "cloudflare:test";
import { headersOf, readOutbox } from "../../functions/integrations/mail";
import { sendTicketAlerts, subscribeTicketAlert } from "../../functions/market/alerts";
import { cancelOrder, createOrder } from "../../functions/market/orders";
import { api } from "./support/api";
import { CONTACT, clockAt, makeBuyer, makeListing, marketFor, testDb } from "./support/buying";
import { tourOf } from "./support/demand";
import { eq } from "drizzle-orm";
import * as schema from "../../functions/db/schema";

const HOUR = 60 * 60_000;


/**
 * An alert for `email` on a session listed at HK$1,500 a ticket, asking for under HK$1,500, and a
 * listing at HK$1,200 that then meets it; the cron's market runs on the clock returned.
 */
async function alertMetByCheaperListing(email: string) {
  const clock = clockAt();
  const { sessionId } = await makeListing({ quantity: 2, priceMinor: 150_000 });
  const { tourId } = await tourOf(sessionId);
  const cron = marketFor(null, clock);
  await subscribeTicketAlert(marketFor(null, clock), { tourId, sessionId, email, priceBelow: 1_500 });
  const cheaper = await makeListing({ sessionId, quantity: 2, priceMinor: 120_000 });
  return { clock, sessionId, cron, cheaper };
}

const mailTo = (email: string) => readOutbox(marketFor(null, clockAt()), { to: email });
const tokenIn = (text: string) => /token=([^\s&]+)/.exec(text)?.[1] ?? "";

test("a follower of a sold-out session is mailed once when tickets come back, and not again the same day", async () => {
  const clock = clockAt();
  const { listingId, sessionId } = await makeListing({ quantity: 2, priceMinor: 100_000 });
  const { tourId, title } = await tourOf(sessionId);
  const first = marketFor(await makeBuyer(), clock);
  const second = marketFor(await makeBuyer(), clock);
  const cron = marketFor(null, clock);
  const held = await createOrder(first, { listingId, quantity: 2, ...CONTACT });
  await subscribeTicketAlert(marketFor(null, clock), { tourId, sessionId, email: "follow@example.com", priceBelow: undefined });
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 0 });

  await cancelOrder(first, held.id);
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  const [mail] = await mailTo("follow@example.com");
  expect(mail.subject).toBe(`Tickets available: ${title}`);
  expect(mail.textBody).toContain(`${title}: tickets are available again, from HK$1,127.50`);
  expect(mail.textBody).toContain(`/pick-seat?sessionId=${sessionId}`);

  clock.advance(HOUR);
  const again = await createOrder(second, { listingId, quantity: 2, ...CONTACT });
  await sendTicketAlerts(cron);
  await cancelOrder(second, again.id);
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 0 });
  clock.advance(23 * HOUR);
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  expect(await mailTo("follow@example.com")).toHaveLength(2);
});

test("a price alert is mailed when the lowest price falls to the buyer's price, in the buyer's language and currency", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing({ quantity: 2, priceMinor: 150_000 });
  const { tourId } = await tourOf(sessionId);
  const cron = marketFor(null, clock);
  await subscribeTicketAlert(marketFor(null, clock, { language: "zh-HK" }), { tourId, sessionId, email: "cheap@example.com", priceBelow: 1_200 });
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 0 });
  await makeListing({ sessionId, quantity: 2, priceMinor: 100_000 });
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  const [mail] = await mailTo("cheap@example.com");
  expect(mail.language).toBe("zh-HK");
  expect(mail.subject).toMatch(/^降價提示：/);
  expect(mail.textBody).toContain("最低價已跌至 HK$1,127.50（你設定的價格為 HK$1,200）");
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 0 });
});

test("an alert whose price is already met when it is set is not mailed for it", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing({ quantity: 2, priceMinor: 100_000 });
  const { tourId } = await tourOf(sessionId);
  await subscribeTicketAlert(marketFor(null, clock), { tourId, sessionId, email: "late@example.com", priceBelow: 2_000 });
  expect(await sendTicketAlerts(marketFor(null, clock))).toEqual({ mailed: 0 });
});

test("the unsubscribe link in the mail stops the alert without signing in", async () => {
  const { clock, sessionId, cron, cheaper } = await alertMetByCheaperListing("stop@example.com");
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  const [mail] = await mailTo("stop@example.com");

  const { body } = await api<{ email: string }>("/pub/tour/v1/alert/unsubscribe", { body: { token: decodeURIComponent(tokenIn(mail.textBody)) } });
  expect(body).toMatchObject({ statusCode: 200, data: { email: "stop@example.com" } });
  clock.advance(25 * HOUR);
  await makeListing({ sessionId, quantity: 2, priceMinor: 90_000 });
  expect(cheaper.listingId).toBeGreaterThan(0);
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 0 });
});

test("an alert mail carries List-Unsubscribe to its signed link, and a mail client's one-click POST there stops the alert", async () => {
  const { cron } = await alertMetByCheaperListing("oneclick@example.com");
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  const [mail] = await mailTo("oneclick@example.com");

  const headers = headersOf(mail)!;
  expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link = /^<(.+)>$/.exec(headers["List-Unsubscribe"])?.[1] ?? "";
  expect(link.startsWith("http://127.0.0.1:8787/alert-unsubscribe?token=unsub.")).toBe(true);
  expect(mail.textBody).toContain(link);

  // A mail provider posts from its own servers: no cookie, no Origin, the RFC 8058 body.
  const url = new URL(link);
  const oneClick = await SELF.fetch(`https://ovation.test${url.pathname}${url.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  const [alert] = await testDb.select().from(schema.ticketAlerts).where(eq(schema.ticketAlerts.email, "oneclick@example.com"));
  expect(alert.unsubscribedAt).toEqual(expect.any(Number));
});

test("a forged or altered unsubscribe token is not found", async () => {
  const forged = await api("/pub/tour/v1/alert/unsubscribe", { body: { token: "unsub.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } });
  expect(forged.status).toBe(404);
  const empty = await api("/pub/tour/v1/alert/unsubscribe", { body: { token: ["unsub"] } });
  expect(empty.body.statusCode).toBe(12308);
});

test("a price alert in yen (no minor unit) keeps the price as given and is mailed when the lowest price converts to exactly it", async () => {
  const clock = clockAt();
  // HK$1,500 + 10% + 2.5% = HK$1,687.50 all-in: ¥32,452 at 150 yen and 7.8 HKD per USD, above the alert.
  const { sessionId } = await makeListing({ quantity: 2, priceMinor: 150_000 });
  const { tourId } = await tourOf(sessionId);
  const cron = marketFor(null, clock);
  const set = await subscribeTicketAlert(marketFor(null, clock, { currency: "JPY" }), { tourId, sessionId, email: "yen@example.com", priceBelow: 21_683 });
  const [row] = await testDb.select().from(schema.ticketAlerts).where(eq(schema.ticketAlerts.email, "yen@example.com"));
  expect(set).toMatchObject({ priceBelow: 21_683, priceCurrency: "JPY" });
  expect(row).toMatchObject({ priceBelowMinor: 21_683, priceCurrency: "JPY" });
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 0 });

  // HK$1,127.50 all-in is US$144.551… and ¥21,682.69…: ¥21,683, exactly the alert's price.
  await makeListing({ sessionId, quantity: 2, priceMinor: 100_000 });
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  const [mail] = await mailTo("yen@example.com");
  expect(mail.textBody.match(/¥21,683/g)).toHaveLength(2);
});
