/**
 * What selling adds to pick-seat, through the page as a browser without JavaScript gets it: the
 * 'Price capped by local law' badge on listings the market's law capped, and the alert form for
 * the date (an email and a price).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { page } from "./support/api";
import { clockAt, seedCurrencies, testDb } from "./support/buying";
import { visit } from "./support/chat";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

beforeAll(seedCurrencies);

const capped = (html: string) => html.match(/data-testid="price-capped"/g)?.length ?? 0;

test("a listing whose price Taiwan's law capped carries 'Price capped by local law' on pick-seat, in both languages; an uncapped market's does not", { timeout: 30_000 }, async () => {
  const seller = await sellerOn(clockAt());
  const taipei = await sessionOnSale({ jurisdiction: "TW" });
  const lcsd = await sessionOnSale({ jurisdiction: "HK", licensedPlace: false });
  await listFor(seller, listingForm(taipei, { price: "880" }));
  await listFor(seller, listingForm(lcsd, { price: "980" }));

  const english = await (await page(`/pick-seat?sessionId=${taipei.sessionId}`)).text();
  expect(capped(english)).toBe(1);
  expect(english).toContain("Price capped by local law");
  const chinese = await (await visit(`/pick-seat?sessionId=${taipei.sessionId}&lang=zh-HK`, "language=zh-HK")).text();
  expect(chinese).toContain("價格受當地法律限制");
  expect(capped(await (await page(`/pick-seat?sessionId=${lcsd.sessionId}`)).text())).toBe(0);
});

test("the alert form on pick-seat follows the date with a price, without JavaScript; a bad email is refused beside its field", { timeout: 30_000 }, async () => {
  const seller = await sellerOn(clockAt());
  const session = await sessionOnSale();
  await listFor(seller, listingForm(session, { price: "980" }));
  const path = `/pick-seat?sessionId=${session.sessionId}`;
  expect(await (await page(path)).text()).toContain('data-testid="session-alert"');

  const refused = await visit(path, "", { intent: "session-alert", email: "not-an-email", priceBelow: "900" });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Please enter a valid email address");

  const saved = await visit(path, "", { intent: "session-alert", email: " Fan@Example.com ", priceBelow: "900" });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("location")).toBe(`${path}&alert=set`);
  const [alert] = await testDb
    .select()
    .from(schema.ticketAlerts)
    .where(and(eq(schema.ticketAlerts.sessionId, session.sessionId), eq(schema.ticketAlerts.email, "fan@example.com")));
  expect(alert).toMatchObject({ priceBelowMinor: 90_000, priceCurrency: "HKD", language: "en-US", unsubscribedAt: null });
  expect((await visit(path, "", { intent: "session-alert", email: "fan@example.com", priceBelow: "nine" })).status).toBe(400);
});
