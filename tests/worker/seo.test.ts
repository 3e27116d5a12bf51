import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { seedCatalog } from "./support/catalog";

const SITE = "https://www.ovation.example";

beforeAll(async () => {
  await seedCatalog(new Date(Date.now()));
});

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await SELF.fetch(`${SITE}${path}`, { headers: { host: "www.ovation.example", "user-agent": "Googlebot/2.1", ...headers } });
  expect(response.status).toBe(200);
  return response.text();
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, body]) => JSON.parse(body));
}

for (const language of ["en-US", "zh-HK"] as const) {
  test(`a tour in ${language} names its canonical address, its alternates and its preview card`, async () => {
    const html = await page(`/tourDetail?id=1&lang=${language}&utm_source=newsletter&sheet=alert`);
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${SITE}/tourDetail?id=1&amp;lang=${language}`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en-US" href="${SITE}/tourDetail?id=1&amp;lang=en-US"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="zh-HK" href="${SITE}/tourDetail?id=1&amp;lang=zh-HK"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${SITE}/tourDetail?id=1"/>`);
    expect(html).toContain(`<html lang="${language}"`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/tourDetail?id=1&amp;lang=${language}"/>`);
    expect(html).toContain(`<meta property="og:locale" content="${language.replace("-", "_")}"/>`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${SITE}/media/og/1\\.png\\?v=\\w+"/>`));
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBe(attr(html, /<title>([^<]+)<\/title>/));
  });

  test(`a tour in ${language} carries one schema.org Event per upcoming session with Google's fields`, async () => {
    const events = jsonLd(await page(`/tourDetail?id=1&lang=${language}`));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event["@context"]).toBe("https://schema.org");
      expect(event["@type"]).toBe("Event");
      expect(typeof event.name).toBe("string");
      expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(event.location["@type"]).toBe("Place");
      expect(event.location.address["@type"]).toBe("PostalAddress");
      expect(event.location.address.streetAddress).toBeTruthy();
      expect(event.location.name).toBeTruthy();
      expect(event.eventStatus).toMatch(/^https:\/\/schema\.org\/Event(Scheduled|Cancelled)$/);
      expect(event.image[0]).toMatch(/^https:\/\/www\.ovation\.example\/media\/og\/1\.png\?v=\w+$/);
      expect(event.performer.name).toBeTruthy();
      expect(event.organizer.name).toBeTruthy();
      expect(event.organizer.url).toBe(`${SITE}/tourDetail?id=1&lang=${language}`);
      expect(event.offers.url).toMatch(new RegExp(`^${SITE}/pick-seat\\?sessionId=\\d+&lang=${language}$`));
      if (event.offers.price !== undefined) {
        expect(event.offers.price).toMatch(/^\d+(\.\d+)?$/);
        expect(event.offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
        expect(event.offers.availability).toBe("https://schema.org/InStock");
      } else {
        expect(event.offers.availability ?? event.offers.validFrom).toBeTruthy();
      }
    }
  });
}

test("a Chinese tour page is written in Chinese for a viewer whose browser asks for English", async () => {
  const html = await page("/tourDetail?id=1&lang=zh-HK", { "accept-language": "en-US" });
  expect(html).toContain('<html lang="zh-HK"');
  expect(attr(html, /<title>([^<]+)<\/title>/)).toMatch(/[\u4e00-\u9fff]/);
});

test("the seat page of an upcoming session carries that session's Event", async () => {
  const tour = await page("/tourDetail?id=1&lang=en-US");
  const sessionId = /pick-seat\?sessionId=(\d+)/.exec(tour)![1];
  const events = jsonLd(await page(`/pick-seat?sessionId=${sessionId}&lang=en-US`));
  expect(events).toHaveLength(1);
  expect(events[0].url).toBe(`${SITE}/pick-seat?sessionId=${sessionId}&lang=en-US`);
});

test("public pages have their own title and description in the viewer's language", async () => {
  for (const [path, title] of [["/?lang=en-US", "Ovation: resale tickets for concerts, shows and tours"], ["/?lang=zh-HK", "Ovation：演唱會、表演及巡演轉售門票"], ["/faq?lang=en-US", "Help and FAQ | Ovation"], ["/guarantee?lang=zh-HK", "門票保證 | Ovation"]]) {
    const html = await page(path);
    expect(attr(html, /<title>([^<]+)<\/title>/)).toBe(title);
    expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
  }
});

test("a page at a language's address keeps that language on its same-site links and forms", async () => {
  const html = await page("/tourDetail?id=1&lang=zh-HK");
  const links = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map(([, href]) => href.replaceAll("&amp;", "&"));
  expect(links.length).toBeGreaterThan(3);
  expect(links.filter((href) => !/[?&]lang=zh-HK(&|#|$)/.test(href))).toEqual([]);
  const forms = [...html.matchAll(/<form [^>]*action="(\/[^"]*)"/g)].map(([, action]) => action.replaceAll("&amp;", "&"));
  expect(forms.filter((action) => !/[?&]lang=zh-HK(&|#|$)/.test(action))).toEqual([]);
});
