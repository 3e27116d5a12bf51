import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { makeListing, testDb } from "./support/buying";

const MONTH = 30 * 24 * 60 * 60_000;

/** Hong Kong and its city, where makeListing's shows play (reference data is read once per file). */
beforeAll(async () => {
  const place = { nameEn: "Hong Kong", nameZh: "香港", phoneCode: "852", currencyCode: "HKD", languageCode: "zh-HK", timeZone: "Asia/Hong_Kong" };
  await testDb.insert(schema.locations).values([
    { ...place, code: "HK", kind: "region", sort: 1 },
    { ...place, code: "HKG", kind: "city", parentCode: "HK", sort: 2 },
  ]);
});

function explore(language: string) {
  return SELF.fetch("http://localhost/show-list?cityCode=ALL", { headers: { host: "localhost", cookie: `language=${language}` } });
}

test("an Explore row on sale opens that session's pick-seat, and the count says dates", async () => {
  const first = await makeListing({ startsAt: Date.now() + MONTH, saleEndsAt: Date.now() + MONTH - 60_000 });
  const second = await makeListing({ startsAt: Date.now() + 2 * MONTH, saleEndsAt: Date.now() + 2 * MONTH - 60_000 });
  const html = await (await explore("en-US")).text();
  expect(html).toContain(`href="/pick-seat?sessionId=${first.sessionId}"`);
  expect(html).toContain(`href="/pick-seat?sessionId=${second.sessionId}"`);
  expect(html).toContain("2 dates in ");
  expect(html).not.toMatch(/\d+ shows? in /);
});

test("the count says dates in Traditional Chinese too", async () => {
  await makeListing({ startsAt: Date.now() + MONTH, saleEndsAt: Date.now() + MONTH - 60_000 });
  const html = await (await explore("zh-HK")).text();
  expect(html).toMatch(/ · \d+ 個場次/);
  expect(html).not.toContain("場演出<");
});
