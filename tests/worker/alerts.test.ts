import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import type { DemoCatalog } from "../../functions/seed";
import { api, ORIGIN, page } from "./support/api";
import { seedCatalog } from "./support/catalog";

let catalog: DemoCatalog;

beforeAll(async () => {
  catalog = await seedCatalog(new Date());
});

const tourId = () => catalog.tours[0]!.id!;

async function alertRows(tour: number) {
  const { results } = await env.DB.prepare("SELECT email, language FROM ticket_alerts WHERE tour_id = ?")
    .bind(tour)
    .all<{ email: string; language: string }>();
  return results;
}

/** A form post as a browser sends it (React Router compares its origin with the host). */
function form(values: Record<string, string>): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: "language=en-US", host: new URL(ORIGIN).host },
  };
}

for (const [language, required, invalid] of [
  ["en-US", "Please enter your email", "Please enter a valid email address"],
  ["zh-HK", "請輸入你的電郵地址", "請輸入有效的電郵地址"],
] as const) {
  test(`in ${language}, an alert without an email is refused with '${required}'`, async () => {
    const { body } = await api("/pub/tour/v1/alert", { body: { tourId: tourId(), email: "  " }, headers: { lan: language } });
    expect(body.statusCode).toBe(12308);
    expect(body.message).toBe(required);
  });

  test(`in ${language}, an alert with a malformed email is refused with '${invalid}'`, async () => {
    const { body } = await api("/pub/tour/v1/alert", { body: { tourId: tourId(), email: "fan@@example" }, headers: { lan: language } });
    expect(body.statusCode).toBe(12308);
    expect(body.message).toBe(invalid);
  });
}

test("an alert with no email field at all is refused as a missing email", async () => {
  const { body } = await api("/pub/tour/v1/alert", { body: { tourId: tourId() } });
  expect(body.statusCode).toBe(12308);
  expect(body.message).toBe("Please enter your email");
});

test("subscribing keeps one alert per tour and email, however often and however typed", async () => {
  const tour = catalog.tours[1]!.id!;
  const first = await api<{ alreadySubscribed: boolean; email: string }>("/pub/tour/v1/alert", { body: { tourId: tour, email: "Fan@Example.com" } });
  const second = await api<{ alreadySubscribed: boolean }>("/pub/tour/v1/alert", { body: { tourId: tour, email: "  fan@example.com " } });
  expect(first.body.statusCode).toBe(200);
  expect(first.body.data).toMatchObject({ alreadySubscribed: false, email: "fan@example.com" });
  expect(second.body.statusCode).toBe(200);
  expect(second.body.data.alreadySubscribed).toBe(true);
  expect(await alertRows(tour)).toEqual([{ email: "fan@example.com", language: "en-US" }]);
});

test("the same email may follow two tours", async () => {
  const [a, b] = [catalog.tours[2]!.id!, catalog.tours[3]!.id!];
  await api("/pub/tour/v1/alert", { body: { tourId: a, email: "two@example.com" } });
  await api("/pub/tour/v1/alert", { body: { tourId: b, email: "two@example.com" } });
  expect(await alertRows(a)).toHaveLength(1);
  expect(await alertRows(b)).toHaveLength(1);
});

test("an alert is kept in the language the viewer subscribed in", async () => {
  const tour = catalog.tours[4]!.id!;
  await api("/pub/tour/v1/alert", { body: { tourId: tour, email: "zh@example.com" }, headers: { lan: "zh-HK" } });
  expect(await alertRows(tour)).toEqual([{ email: "zh@example.com", language: "zh-HK" }]);
});

test("an alert for a tour that does not exist answers a 404 envelope and keeps nothing", async () => {
  const { status, body } = await api("/pub/tour/v1/alert", { body: { tourId: 999_999, email: "ghost@example.com" } });
  expect(status).toBe(404);
  expect(body.statusCode).toBe(404);
  expect(await alertRows(999_999)).toHaveLength(0);
});

test("the tour page's alert form answers an empty email with 400 and the message beside the field", async () => {
  const response = await page(`/tourDetail?id=${tourId()}&sheet=alert`, form({ intent: "subscribe-alert", email: "" }));
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("Please enter your email");
});

test("the tour page's alert form answers a malformed email with 400 and the SPEC message", async () => {
  const response = await page(`/tourDetail?id=${tourId()}&sheet=alert`, form({ intent: "subscribe-alert", email: "not-an-email" }));
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("Please enter a valid email address");
});

test("the tour page's alert form subscribes, then goes back to the tour with a toast", async () => {
  const tour = catalog.tours[5]!.id!;
  const response = await page(`/tourDetail?id=${tour}&sheet=alert`, form({ intent: "subscribe-alert", email: "web@example.com" }));
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/tourDetail?id=${tour}&alert=set`);
  expect(response.headers.get("set-cookie")).toContain("toast=");
  expect(await alertRows(tour)).toEqual([{ email: "web@example.com", language: "en-US" }]);
});

test("the alert form of a tour that does not exist is a 404", async () => {
  const response = await page("/tourDetail?id=999999", form({ intent: "subscribe-alert", email: "web@example.com" }));
  expect(response.status).toBe(404);
  await response.body?.cancel();
});
