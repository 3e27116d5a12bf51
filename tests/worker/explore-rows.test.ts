import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { makeListing } from "./support/buying";

const MONTH = 30 * 24 * 60 * 60_000;

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
