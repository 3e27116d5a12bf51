import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { seedCatalog } from "./support/catalog";

const SITE = "https://www.ovation.example";

beforeAll(async () => {
  await seedCatalog(new Date(Date.now()));
});

function get(path: string, site = SITE): Promise<Response> {
  return SELF.fetch(`${site}${path}`);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

test("robots.txt keeps crawlers out of consoles, account pages and the sandbox and names the sitemap", async () => {
  const response = await get("/robots.txt");
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  for (const path of ["/provider", "/support", "/sandbox-pay", "/mine", "/my-order", "/e-ticket", "/confirm-order", "/dev-outbox"]) {
    expect(text).toContain(`\nDisallow: ${path}\n`);
  }
  expect(text).toContain("Sitemap: https://www.ovation.example/sitemap.xml");
});

test("a stage host asks every crawler to stay out", async () => {
  expect(await (await get("/robots.txt", "https://stage.ovation.example")).text()).toBe("User-agent: *\nDisallow: /\n");
});

test("the sitemap lists a tour and an upcoming session in both languages with their alternates", async () => {
  const response = await get("/sitemap.xml");
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  const tour = 'href="https://www.ovation.example/tourDetail?id=1';
  expect(xml).toContain("<loc>https://www.ovation.example/tourDetail?id=1&amp;lang=en-US</loc>");
  expect(xml).toContain("<loc>https://www.ovation.example/tourDetail?id=1&amp;lang=zh-HK</loc>");
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="zh-HK" ${tour}&amp;lang=zh-HK"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" ${tour}"/>`);
  expect(xml).toMatch(/<loc>https:\/\/www\.ovation\.example\/pick-seat\?sessionId=\d+&amp;lang=zh-HK<\/loc>/);
  expect(xml).toContain("<loc>https://www.ovation.example/?lang=en-US</loc>");
  expect(xml).not.toContain("/my-order");
});

test("a tour's link-preview card is a 1200×630 PNG, kept in R2 and cached for good at its versioned address", async () => {
  const first = await get("/media/og/1.png");
  expect(first.status).toBe(200);
  expect(first.headers.get("content-type")).toBe("image/png");
  expect(pngSize(new Uint8Array(await first.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  const listed = await env.FILES.list({ prefix: "og/1-" });
  expect(listed.objects).toHaveLength(1);
  const version = /^og\/1-(\w+)\.png$/.exec(listed.objects[0].key)![1];
  const versioned = await get(`/media/og/1.png?v=${version}`);
  expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  await versioned.arrayBuffer();
});

test("a card at an old version or for an unknown tour is not found", async () => {
  const old = await get("/media/og/1.png?v=old");
  expect(old.status).toBe(404);
  await old.arrayBuffer();
  const unknown = await get("/media/og/999999.png");
  expect(unknown.status).toBe(404);
  await unknown.arrayBuffer();
});

test("favicon.ico, the apple touch icon and the manifest icons are PNGs of their sizes", async () => {
  const ico = new Uint8Array(await (await get("/favicon.ico")).arrayBuffer());
  expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
  expect(pngSize(ico.subarray(22))).toEqual({ width: 32, height: 32 });
  for (const [path, size] of [["/apple-touch-icon.png", 180], ["/icons/icon-192.png", 192], ["/icons/icon-512.png", 512], ["/icons/maskable-512.png", 512]] as const) {
    const response = await get(path);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: size, height: size });
  }
});

test("account pages ask crawlers not to index them, and a stage host asks for nothing to be indexed", async () => {
  const orders = await get("/my-order");
  expect(orders.headers.get("x-robots-tag")).toBe("noindex");
  await orders.arrayBuffer();
  const tour = await get("/tourDetail?id=1");
  expect(tour.headers.get("x-robots-tag")).toBeNull();
  await tour.arrayBuffer();
  const stage = await get("/tourDetail?id=1", "https://stage.ovation.example");
  expect(stage.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  await stage.arrayBuffer();
});

test("the browser's translations are the build's locale files, with the glossary's words in the namespaces that show them", async () => {
  const errors = await get("/locales/zh-HK/errors?v=test");
  expect(errors.status).toBe(200);
  expect(errors.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(((await errors.json()) as Record<string, string>).orderInventoryNotEnough).toBe("哎呀！門票已售出。");
  const order = (await (await get("/locales/zh-HK/order?v=test")).json()) as { delivery: Record<string, string> };
  expect(order.delivery.SELF_PICKUP).toBe("自取");
  expect(((await (await get("/locales/en-US/errors?v=test")).json()) as Record<string, string>).unknown).toBe("Unknown error occurred. Please try again later.");
  for (const missing of ["/locales/zh-HK/nothing", "/locales/fr-FR/errors", "/locales/zh-HK/..%2Ferrors"]) expect((await get(missing)).status, missing).toBe(404);
});
