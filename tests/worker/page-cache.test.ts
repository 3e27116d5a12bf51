import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { env } from "cloudflare:test";
import { registerThroughApi } from "./support/accounts";
import { api } from "./support/api";
import { makeListing } from "./support/buying";
import { seedCatalog } from "./support/catalog";
import type { AppLoadContext } from "react-router";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { pageKey } from "../../functions/web/page-cache";

const SITE = "https://www.ovation.example";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  await seedCatalog();
});

interface Visit {
  status: number;
  kept: string | null;
  body: string;
  /** The nonce the CSP allows, and every nonce written in the page. */
  allowed: string | undefined;
  written: string[];
  cacheControl: string | null;
}

/** The tour a listing is of. */
async function tourOf(listingId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT shows.tour_id AS tourId FROM listings JOIN sessions ON sessions.id = listings.session_id JOIN shows ON shows.id = sessions.show_id WHERE listings.id = ?")
    .bind(listingId)
    .first<{ tourId: number }>();
  return row!.tourId;
}

async function visit(path: string, headers: Record<string, string> = {}): Promise<Visit> {
  const response = await SELF.fetch(`${SITE}${path}`, { headers: { host: "www.ovation.example", "user-agent": PHONE, ...headers } });
  const body = await response.text();
  return {
    status: response.status,
    kept: response.headers.get("x-page-cache"),
    body,
    allowed: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
    written: [...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))],
    cacheControl: response.headers.get("cache-control"),
  };
}

/** The copy is kept once the first answer has been read through: ask until it is (a few tries at most). */
async function visitKept(path: string, headers: Record<string, string> = {}): Promise<Visit> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await visit(path, headers);
    if (answer.kept?.startsWith("hit")) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} was never answered from the kept copy`);
}

test("a second signed-out visitor gets the kept home page, with a nonce of their own that the CSP allows", async () => {
  const first = await visit("/?lang=en-US");
  expect(first.status).toBe(200);
  expect(first.kept).toBe("miss");
  const second = await visitKept("/?lang=en-US");
  expect(second.status).toBe(200);
  expect(second.written).toHaveLength(1);
  expect(second.written[0]).toBe(second.allowed);
  expect(second.allowed).not.toBe(first.allowed);
  expect(second.body.replaceAll(second.allowed!, "N")).toBe(first.body.replaceAll(first.allowed!, "N"));
  // Browsers are told exactly what a fresh render tells them: the edge keeps it, not the device.
  expect(second.cacheControl).toBe(first.cacheControl);
});

test("each language keeps its own home page", async () => {
  await visit("/?lang=en-US");
  await visitKept("/?lang=en-US");
  const chinese = await visit("/", { cookie: "language=zh-HK" });
  expect(chinese.kept).toBe("miss");
  expect(chinese.body).toContain('<html lang="zh-HK"');
  const kept = await visitKept("/", { cookie: "language=zh-HK" });
  expect(kept.body).toContain('<html lang="zh-HK"');
});

test("a signed-in viewer's home is never kept nor answered from the kept copy", async () => {
  await visit("/");
  await visitKept("/");
  const account = await registerThroughApi();
  const signedIn = await visit("/", { cookie: `access_token=${account.accessToken}` });
  expect(signedIn.status).toBe(200);
  expect(signedIn.kept).toBeNull();
});

test("a visitor with a cookie other than a preference gets a page of their own", async () => {
  await visit("/");
  await visitKept("/");
  const withToast = await visit("/", { cookie: "toast=abc" });
  expect(withToast.kept).toBeNull();
});

test("a query other than the language address is never answered from the kept copy", async () => {
  await visit("/");
  await visitKept("/");
  const campaign = await visit("/?utm_source=mail");
  expect(campaign.kept).toBeNull();
});

test("Explore and a tour's page are kept per address: another filter or tour is never answered from the copy", async () => {
  const tourId = await tourOf((await makeListing({ quantity: 2 })).listingId);
  const otherTourId = await tourOf((await makeListing({ quantity: 2 })).listingId);
  await visit(`/tourDetail?id=${tourId}`);
  const tour = await visitKept(`/tourDetail?id=${tourId}`);
  expect(tour.status).toBe(200);
  const otherTour = await visit(`/tourDetail?id=${otherTourId}`);
  expect(otherTour.kept).toBe("miss");
  expect(otherTour.body).not.toBe(tour.body);

  await visit("/show-list?preset=weekend");
  const weekend = await visitKept("/show-list?preset=weekend");
  expect(weekend.status).toBe(200);
  const everyDay = await visit("/show-list");
  expect(everyDay.kept).toBe("miss");
  expect(everyDay.body).not.toBe(weekend.body);
  // The same filter written in another order shares the copy.
  await visit("/show-list?preset=weekend&lang=en-US");
  expect((await visitKept("/show-list?lang=en-US&preset=weekend")).kept).toMatch(/^hit/);
});

test("a tour's page keeps one copy per language", async () => {
  const { listingId } = await makeListing({ quantity: 2 });
  const tourId = await tourOf(listingId);
  await visit(`/tourDetail?id=${tourId}&lang=en-US`);
  await visitKept(`/tourDetail?id=${tourId}&lang=en-US`);
  const chinese = await visit(`/tourDetail?id=${tourId}&lang=zh-HK`);
  expect(chinese.kept).toBe("miss");
  expect(chinese.body).toContain('<html lang="zh-HK"');
  expect(chinese.body).toContain("燈籠樂隊");
});

test("a signed-in viewer's Explore and tour page are never kept nor answered from the kept copy", async () => {
  const { listingId } = await makeListing({ quantity: 2 });
  const tourId = await tourOf(listingId);
  await visit(`/tourDetail?id=${tourId}`);
  await visitKept(`/tourDetail?id=${tourId}`);
  await visit("/show-list");
  await visitKept("/show-list");
  const account = await registerThroughApi();
  const cookie = `access_token=${account.accessToken}`;
  expect((await visit(`/tourDetail?id=${tourId}`, { cookie })).kept).toBeNull();
  expect((await visit("/show-list", { cookie })).kept).toBeNull();
});

test("an order taking a listing's last tickets drops the kept tour page: the next visitor sees it sold", async () => {
  const { listingId } = await makeListing({ quantity: 2, priceMinor: 100_000 });
  const tourId = await tourOf(listingId);
  await visit(`/tourDetail?id=${tourId}`);
  const before = await visitKept(`/tourDetail?id=${tourId}`);
  expect(before.body).toContain("1,127.50");

  const buyer = await registerThroughApi();
  const placed = await api("/user/order/v1/create", {
    headers: { "access-token": buyer.accessToken },
    body: { listingId, quantity: 2, contactEmail: "buyer@example.com", contactPhoneCode: "852", contactPhone: "91234567" },
  });
  expect(placed.body.statusCode).toBe(200);

  const after = await visit(`/tourDetail?id=${tourId}`);
  expect(after.kept).toBe("miss");
  expect(after.body).not.toContain("1,127.50");
});

test("a page kept by one build is never the answer of the next: its scripts are gone after a deploy", () => {
  const request = new Request(`${SITE}/`, { headers: { "user-agent": PHONE } });
  const context = { market: { viewer: { ...DEFAULT_VIEWER } }, setCookies: [] } as unknown as AppLoadContext;
  const before = pageKey(request, context, "91c296cd");
  const after = pageKey(request, context, "5e0a17b2");
  expect(before).toMatch(/^https:\/\/page-cache\.ovation\.invalid\/www\.ovation\.example\/\/91c296cd\//);
  expect(after).toMatch(/^https:\/\/page-cache\.ovation\.invalid\/www\.ovation\.example\/\/5e0a17b2\//);
});

test("a search's keyword is folded into the key: spaces, case and width do not make another copy, another keyword does", () => {
  const context = { market: { viewer: { ...DEFAULT_VIEWER } }, setCookies: [] } as unknown as AppLoadContext;
  const keyOf = (query: string) => pageKey(new Request(`${SITE}/search?${query}`, { headers: { "user-agent": PHONE } }), context, "91c296cd");
  const nova = keyOf("keyword=nova");
  expect(nova).toMatch(/\/lang%3D\/keyword%3Dnova\/type%3D\/page%3D$/);
  expect(keyOf("keyword=Nova%20")).toBe(nova);
  expect(keyOf("keyword=%20%20NOVA")).toBe(nova);
  // Full-width letters are the same search (NFKC).
  expect(keyOf("keyword=%EF%BD%8E%EF%BD%8F%EF%BD%96%EF%BD%81")).toBe(nova);
  expect(keyOf("keyword=nova%20%20seven")).toBe(keyOf("keyword=Nova+Seven"));
  expect(keyOf("keyword=nova%20seven")).not.toBe(nova);
  expect(keyOf("keyword=nova&type=artists")).not.toBe(nova);
});

test("a signed-out search is kept like Explore: 'Nova ' and 'nova' are answered from one copy, a refused search never is", async () => {
  await visit("/search?keyword=Nova%20");
  const kept = await visitKept("/search?keyword=nova");
  expect(kept.status).toBe(200);
  expect(kept.body).toContain("NOVA SEVEN World Tour: AFTERGLOW");
  // A refused search is answered, never kept: asked again, it is rendered again.
  const refused = await visit("/search?keyword=nova&type=bands");
  expect(refused.status).toBe(400);
  expect(refused.kept).toBeNull();
  expect((await visit("/search?keyword=nova&type=bands")).kept).toBeNull();
  const withAd = await visit("/search?keyword=nova&utm_source=mail");
  expect(withAd.kept).toBeNull();
});
