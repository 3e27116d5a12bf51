import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import * as schema from "../../functions/db/schema";
import { page } from "./support/api";
import { makeBuyer, seedCurrencies, testDb } from "./support/buying";

// Pages read the currencies once per isolate: they must be there before the first page.
beforeAll(seedCurrencies);

async function cookieFor(userId: number): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=en-US`;
}

test("/web-view frames a page of an allowed host under its title", async () => {
  const response = await page(`/web-view?url=${encodeURIComponent("https://help.ovation.example/refunds")}&title=Refunds`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('src="https://help.ovation.example/refunds"');
  expect(html).toContain(">Refunds</h1>");
});

test("/web-view refuses any other host and loads nothing of it", async () => {
  const response = await page(`/web-view?url=${encodeURIComponent("https://evil.example/login")}`);
  expect(response.status).toBe(403);
  const html = await response.text();
  expect(html).toContain("This address can&#x27;t be opened here");
  expect(html).not.toContain("evil.example/login\"");
});

test("/video-play plays a video of our own storage with its poster and captions", async () => {
  const response = await page("/video-play?src=%2Fmedia%2Fvideo%2Ftour-3.mp4&poster=%2Fmedia%2Fposter%2Ftour-3.svg&captions=https%3A%2F%2Fmedia.ovation.example%2Ftour-3.vtt&title=Trailer");
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('src="https://ovation.test/media/video/tour-3.mp4"');
  expect(html).toContain('poster="https://ovation.test/media/poster/tour-3.svg"');
  expect(html).toContain('<track kind="captions" src="https://media.ovation.example/tour-3.vtt"');
});

test("/video-play refuses a video from another host, and leaves out a foreign poster", async () => {
  expect((await page("/video-play?src=https%3A%2F%2Fevil.example%2Fa.mp4")).status).toBe(403);
  const html = await (await page("/video-play?src=%2Fmedia%2Fvideo%2Fa.mp4&poster=https%3A%2F%2Fevil.example%2Fp.png")).text();
  expect(html).not.toContain("evil.example");
});

test("the funnel screen is support's only", async () => {
  const buyer = await makeBuyer();
  expect((await page("/support/funnel", { headers: { cookie: await cookieFor(buyer) } })).status).toBe(404);
  const staff = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId: staff, role: "support", createdAt: Date.now() });
  await env.DB.prepare(
    "INSERT INTO analytics_events (received_at, occurred_at, event, channel, campaign, page, device_id, session_id, user_id, params) VALUES (?, ?, 'page_view', 'MTL_LAUNCH', 'spring', 'home', 'd-1', NULL, NULL, '{}')",
  )
    .bind(Date.now(), Date.now())
    .run();
  const response = await page("/support/funnel", { headers: { cookie: await cookieFor(staff) } });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Buying funnel");
  expect(html).toContain('data-key="MTL_LAUNCH"');
  expect(html).toContain('data-key="spring"');
});
