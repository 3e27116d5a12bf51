/**
 * The search screen (/search) through the web door, as a browser without JavaScript sees it: the
 * results page complete in the server's HTML, the popular searches before anything is typed, the
 * empty result that offers a way on, and a refused search that says why and keeps the keyword.
 */
import { beforeAll, expect, test } from "vitest";
import { page } from "./support/api";
import { seedCatalog } from "./support/catalog";

beforeAll(async () => {
  await seedCatalog();
});

async function html(path: string, language = "en-US") {
  const response = await page(path, { headers: { cookie: `language=${language}` } });
  return { status: response.status, text: await response.text() };
}

/** The search field's <input>, with the value the page wrote in it. */
function keywordInput(text: string): string {
  return /<input[^>]*name="keyword"[^>]*>/.exec(text)?.[0] ?? "";
}

test("a search's results page is complete without JavaScript: the field keeps the keyword, the groups, the shows as Explore draws them", async () => {
  const { status, text } = await html("/search?keyword=Nova");
  expect(status).toBe(200);
  expect(text).toContain("<title>“nova” · Search · Ovation</title>");
  expect(text).toContain('content="Shows, artists, venues and cities matching “nova” on Ovation, with the lowest all-in ticket prices."');
  expect(keywordInput(text)).toContain('value="nova"');
  expect(text).toMatch(/<form [^>]*action="\/search"/);
  // The groups, each a place to go: the artist's tour, the show's tour.
  expect(text).toMatch(/<h2 id="search-artists"[^>]*>Artists<\/h2>/);
  expect(text).toContain(">NOVA SEVEN</span>");
  expect(text).toContain(">NOVA SEVEN World Tour: AFTERGLOW</span>");
  expect(text).toContain('href="/tourDetail?id=1"');
  expect(text).toContain(">Kai Tak Stadium · Hong Kong</span>");
  // The group chips narrow the same search.
  expect(text).toContain('href="/search?keyword=nova&amp;type=artists"');
  expect(text).toContain('href="/search?keyword=nova&amp;type=shows"');
  // Indexable in both languages, the keyword folded into one address.
  expect(text).toContain('<link rel="canonical" href="https://ovation.test/search?keyword=nova&amp;lang=en-US"/>');
  expect(text).toContain('<link rel="alternate" hrefLang="zh-HK" href="https://ovation.test/search?keyword=nova&amp;lang=zh-HK"/>');
});

test("a zh-HK viewer's results are in Chinese, typed in Latin", async () => {
  const { status, text } = await html("/search?keyword=nova", "zh-HK");
  expect(status).toBe(200);
  expect(text).toContain("<title>「nova」· 搜尋 · Ovation</title>");
  expect(text).toContain(">NOVA SEVEN 世界巡迴演唱會《AFTERGLOW》</span>");
  expect(text).toContain(">啟德主場館 · 香港</span>");
  expect(text).toMatch(/<h2 id="search-artists"[^>]*>藝人<\/h2>/);
});

test("one group is paged on its own, with a link to the next page", async () => {
  const { status, text } = await html("/search?keyword=hong%20kong&type=shows&pageSize=2");
  expect(status).toBe(200);
  expect(text).toContain('href="/search?keyword=hong+kong&amp;type=shows&amp;page=2"');
  expect(text).toContain(">More results</a>");
  expect(text).not.toContain('id="search-artists"');
});

test("a venue leads to a search of its shows, a city to Explore narrowed to it", async () => {
  const { text } = await html("/search?keyword=%E7%B4%85%E9%A4%A8");
  expect(text).toContain('href="/search?keyword=Hong+Kong+Coliseum&amp;type=shows"');
  const city = await html("/search?keyword=macau&type=cities");
  expect(city.text).toContain('href="/show-list?cityCode=MFM"');
});

test("nothing found says so and offers the closest names", async () => {
  const { status, text } = await html("/search?keyword=colosseum");
  expect(status).toBe(200);
  expect(text).toContain(">No results for “colosseum”</h2>");
  expect(text).toContain(">Did you mean</h3>");
  expect(text).toContain('href="/search?keyword=Hong+Kong+Coliseum"');
  expect(text).toContain('href="/search?keyword=Hung+Hom+Coliseum"');
  expect(text).toMatch(/<a [^>]*href="\/show-list"[^>]*>Browse all shows<\/a>/);
});

test("nothing found and nothing close offers the categories instead", async () => {
  const { status, text } = await html("/search?keyword=%F0%9F%8E%A4", "zh-HK");
  expect(status).toBe(200);
  expect(text).toContain(">找不到「🎤」</h2>");
  expect(text).toContain(">或按類別瀏覽</h3>");
  expect(text).toMatch(/href="\/show-list\?categoryId=\d+"/);
});

test("no keyword yet is the popular searches and the categories, not an error", async () => {
  for (const path of ["/search", "/search?keyword=", "/search?keyword=%20%20"]) {
    const { status, text } = await html(path);
    expect(status, path).toBe(200);
    expect(text).toContain("<title>Search · Ovation</title>");
    expect(text).toMatch(/<h2 id="search-popular"[^>]*>Popular searches<\/h2>/);
    expect(text).toMatch(/<a [^>]*href="\/search\?keyword=NOVA\+SEVEN"[^>]*>NOVA SEVEN<\/a>/);
    expect(text).toMatch(/<h2 id="search-categories"[^>]*>Browse by category<\/h2>/);
    expect(keywordInput(text)).toContain('value=""');
  }
});

test("a 1,000-character keyword is a 400 that says why in the viewer's language, the keyword kept in the field", async () => {
  const long = "a".repeat(1000);
  const en = await html(`/search?keyword=${long}`);
  expect(en.status).toBe(400);
  expect(en.text).toContain('role="alert">A search can be at most 100 characters. Try a shorter one.</p>');
  expect(keywordInput(en.text)).toContain(`value="${long}"`);
  expect(keywordInput(en.text)).toContain('aria-invalid="true"');
  expect(keywordInput(en.text)).toContain('aria-describedby="search-invalid"');
  expect(en.text).toContain('<meta name="robots" content="noindex"/>');
  const zh = await html(`/search?keyword=${long}`, "zh-HK");
  expect(zh.status).toBe(400);
  expect(zh.text).toContain('role="alert">搜尋字詞最多 100 個字元，請縮短後再試。</p>');
});

test("an unknown group, a keyword given twice, an unknown field and a control character are each a 400 with the keyword kept", async () => {
  const query = await html("/search?keyword=nova&type=bands");
  expect(query.status).toBe(400);
  expect(query.text).toContain("role=\"alert\">That search address isn&#x27;t one we understand. Type your search again.</p>");
  expect(keywordInput(query.text)).toContain('value="nova"');

  const twice = await html("/search?keyword=nova&keyword=vivre");
  expect(twice.status).toBe(400);
  expect(twice.text).toContain("role=\"alert\">We couldn&#x27;t search for that. Try words, numbers or Chinese characters.</p>");
  expect(keywordInput(twice.text)).toContain('value="nova"');

  const unknown = await html("/search?keyword=nova&sort=price", "zh-HK");
  expect(unknown.status).toBe(400);
  expect(unknown.text).toContain('role="alert">無法理解這個搜尋網址，請重新輸入搜尋字詞。</p>');

  const control = await html("/search?keyword=nova%07");
  expect(control.status).toBe(400);
  expect(control.text).toContain("We couldn&#x27;t search for that.");
});

test("the address's language and an ad's fields are not part of the search", async () => {
  const { status, text } = await html("/search?keyword=nova&lang=zh-HK&utm_source=mail");
  expect(status).toBe(200);
  expect(text).toContain(">NOVA SEVEN 世界巡迴演唱會《AFTERGLOW》</span>");
});
