import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CONTACT, makeBuyer, makeListing } from "./support/buying";
import { seedCatalog } from "./support/catalog";

/** A dev host (the sandbox takes payments; unsigned channel registry allowed); the API reads the real clock. */
const ORIGIN = "http://localhost";
const MONTH = 30 * 24 * 60 * 60_000;
/** Me's sign-in link, shown only to a guest. */
const SIGN_IN_LINK = 'href="/login?redirectTo=%2Fmine"';

beforeAll(async () => {
  await seedCatalog();
});

async function call(path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as any, response };
}

async function tokenFor(userId: number) {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return session.token;
}

const orderRow = (id: number) => env.DB.prepare("SELECT channel FROM orders WHERE id = ?").bind(id).first<{ channel: string }>();

test("an MTL_LAUNCH user signs in silently and orders through the partner host's suffix, the order recording the channel", async () => {
  const registry = await call("/mtl_overseasapi/mts/user/v1/registry", { body: { email: `mtl-${crypto.randomUUID()}@example.com`, channel: "MTL_LAUNCH" } });
  expect(registry.body.statusCode).toBe(200);
  const headers = { "access-token": registry.body.data.accessToken, channel: "MTL_LAUNCH" };
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH });

  const created = await call("/mtl_overseasapi/mts/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });
  expect(created.body).toMatchObject({ statusCode: 200, data: { status: "pending_payment", quantity: 1 } });
  expect((await orderRow(created.body.data.id))!.channel).toBe("MTL_LAUNCH");
  const detail = await call(`/mtl_overseasapi/mts/user/order/v1/detail?orderId=${created.body.data.id}`, { headers });
  expect(detail.body.data.orderNo).toBe(created.body.data.orderNo);
});

test("a PiaoXiaoer order through the suffix records PiaoXiaoer, and one without a partner channel records MTL_LAUNCH", async () => {
  const buyer = await makeBuyer();
  const token = await tokenFor(buyer);
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH, quantity: 4 });
  const piao = await call("/mtl_overseasapi/mts/user/order/v1/create", { headers: { "access-token": token, channel: "PiaoXiaoer" }, body: { listingId, quantity: 1, ...CONTACT } });
  expect((await orderRow(piao.body.data.id))!.channel).toBe("PiaoXiaoer");
  await call("/user/order/v1/cancel", { headers: { "access-token": token }, body: { orderId: piao.body.data.id } });
  const plain = await call("/mtl_overseasapi/mts/user/order/v1/create", { headers: { "access-token": token, channel: "web" }, body: { listingId, quantity: 1, ...CONTACT } });
  expect((await orderRow(plain.body.data.id))!.channel).toBe("MTL_LAUNCH");
});

test("a path under the suffix that is not an API path is not found", async () => {
  const response = await SELF.fetch(`${ORIGIN}/mtl_overseasapi/mts/mine`);
  expect(response.status).toBe(404);
});

test("an order placed after arriving from an ad records the campaign", async () => {
  const token = await tokenFor(await makeBuyer());
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH });
  const adParams = JSON.stringify({ params: { utm_source: "instagram", utm_campaign: "autumn-tour", adgroup_id: "g-7" }, capturedAt: Date.now() - 60_000 });
  const created = await call("/user/order/v1/create", { headers: { "access-token": token, adParams }, body: { listingId, quantity: 1, ...CONTACT } });
  const row = await env.DB.prepare("SELECT campaign, params FROM order_attributions WHERE order_id = ?").bind(created.body.data.id).first<{ campaign: string; params: string }>();
  expect(row!.campaign).toBe("autumn-tour");
  expect(JSON.parse(row!.params)).toEqual({ utm_source: "instagram", utm_campaign: "autumn-tour", adgroup_id: "g-7" });
});

test("ad fields kept longer than 90 days are not attached", async () => {
  const token = await tokenFor(await makeBuyer());
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH });
  const adParams = JSON.stringify({ params: { utm_campaign: "old" }, capturedAt: Date.now() - 91 * 24 * 60 * 60_000 });
  const created = await call("/user/order/v1/create", { headers: { "access-token": token, adParams }, body: { listingId, quantity: 1, ...CONTACT } });
  const row = await env.DB.prepare("SELECT campaign FROM order_attributions WHERE order_id = ?").bind(created.body.data.id).first();
  expect(row).toBeNull();
});

test("a page opened from an ad keeps its ad fields for 90 days", async () => {
  const response = await SELF.fetch(`${ORIGIN}/?utm_source=google&utm_campaign=spring&utm_term=concert`, { headers: { host: "localhost" } });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("adParams="));
  expect(cookie).toContain("Max-Age=7776000");
  const value = JSON.parse(decodeURIComponent(cookie!.split(";")[0].slice("adParams=".length)));
  expect(value.params).toEqual({ utm_source: "google", utm_campaign: "spring", utm_term: "concert" });
});

test("the app's association files claim the deep-link paths", async () => {
  const apple = await SELF.fetch(`${ORIGIN}/.well-known/apple-app-site-association`);
  expect(apple.headers.get("content-type")).toBe("application/json");
  const aasa = (await apple.json()) as any;
  expect(aasa.applinks.details[0].appIDs).toEqual(["8V3OVATION.app.ovation.tickets"]);
  expect(aasa.applinks.details[0].components.map((c: { "/": string }) => c["/"])).toEqual(["/show-list", "/tourDetail", "/tourList"]);
  const android = (await (await SELF.fetch(`${ORIGIN}/.well-known/assetlinks.json`)).json()) as any;
  expect(android[0].target.package_name).toBe("app.ovation.tickets");
  expect(android[0].relation).toContain("delegate_permission/common.handle_all_urls");
});

test("the first page the app opens is signed in with the app's token and in the app's language", async () => {
  const buyer = await makeBuyer();
  const token = await tokenFor(buyer);
  const response = await SELF.fetch(`${ORIGIN}/mine?token=${encodeURIComponent(token)}&lan=zh-CN&cc=USD&src=iOS&channel=app&statusBarHeight=44&safeAreaBottom=34`, {
    headers: { host: "localhost" },
  });
  const body = await response.text();
  expect(body).toContain('<html lang="zh-HK"');
  expect(body).not.toContain(SIGN_IN_LINK);
  const cookies = response.headers.getSetCookie();
  expect(cookies.some((line) => line.startsWith("__Host-ovation_session=") && line.includes(token))).toBe(true);
  expect(cookies.some((line) => line.startsWith("language=zh-HK"))).toBe(true);
  expect(cookies.some((line) => line.startsWith("currency=USD"))).toBe(true);
  expect(cookies.some((line) => line.startsWith("ovation_app=") && decodeURIComponent(line).includes("statusBarHeight=44"))).toBe(true);
});

test("the app context may come as headers instead of query values", async () => {
  const token = await tokenFor(await makeBuyer());
  const response = await SELF.fetch(`${ORIGIN}/mine`, { headers: { host: "localhost", "access-token": token, lan: "zh-HK" } });
  const body = await response.text();
  expect(body).toContain('<html lang="zh-HK"');
  expect(body).not.toContain(SIGN_IN_LINK);
});

test("an app token that opens no session leaves the page a guest's", async () => {
  const response = await SELF.fetch(`${ORIGIN}/mine?token=not-a-token&lan=en-US`, { headers: { host: "localhost" } });
  const body = await response.text();
  expect(body).toContain(SIGN_IN_LINK);
  expect(response.headers.getSetCookie().some((line) => line.startsWith("__Host-ovation_session="))).toBe(false);
});
