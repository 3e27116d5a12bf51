import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { ORIGIN, page } from "./support/api";
import { seedCatalog } from "./support/catalog";

beforeAll(async () => {
  await seedCatalog();
});

/** A picker's form post, as a browser without JavaScript sends it (React Router compares its origin with the host). */
function choose(path: string, fields: Record<string, string>, init: { cookie?: string; country?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, host: new URL(ORIGIN).host };
  if (init.cookie) headers.cookie = init.cookie;
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
    cf: init.country ? { country: init.country } : undefined,
  } as RequestInit);
}

/** The cookies a response sets, by name: value and attributes. */
function setCookies(response: Response): Map<string, { value: string; attributes: string }> {
  const cookies = new Map<string, { value: string; attributes: string }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const index = pair.indexOf("=");
    cookies.set(pair.slice(0, index).trim(), { value: decodeURIComponent(pair.slice(index + 1)), attributes: attributes.join(";").toLowerCase() });
  }
  return cookies;
}

async function html(path: string, cookie = ""): Promise<string> {
  const response = await page(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

test("choosing a language keeps it for a year and goes back where the picker was opened from", async () => {
  const response = await choose("/language-select", { language: "zh-HK", returnTo: "/tourDetail?id=3" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/tourDetail?id=3");
  const language = setCookies(response).get("language");
  expect(language?.value).toBe("zh-HK");
  expect(language?.attributes).toContain("max-age=31536000");
  expect(language?.attributes).toContain("path=/");
  expect(language?.attributes).toContain("samesite=lax");
});

test("a chosen language outranks the browser's own languages on the next page", async () => {
  const response = await page("/language-select", { headers: { cookie: "language=zh-HK", "accept-language": "en-US,en;q=0.9" } });
  const body = await response.text();
  expect(body).toContain('<html lang="zh-HK"');
  expect(body).toContain("語言");
});

test("a language we do not speak is refused with a 400 and nothing is kept", async () => {
  const response = await choose("/language-select", { language: "fr-FR", returnTo: "/" });
  expect(response.status).toBe(400);
  expect(response.headers.getSetCookie()).toEqual([]);
});

test("choosing a currency keeps its code, whatever its case", async () => {
  const response = await choose("/currency-select", { currency: "usd", returnTo: "/" });
  expect(response.status).toBe(302);
  expect(setCookies(response).get("currency")?.value).toBe("USD");
});

test("a well-formed currency we do not list is refused with a 400", async () => {
  const response = await choose("/currency-select", { currency: "XYZ", returnTo: "/" });
  expect(response.status).toBe(400);
  expect(response.headers.getSetCookie()).toEqual([]);
});

test("the currency picker marks the chosen currency and lists the region's own first", async () => {
  const body = await html("/currency-select", "currency=JPY; location=TW; location_time=" + Date.now());
  expect(body).toMatch(/aria-current="true"[^]*?Japanese Yen/);
  expect(body.indexOf("New Taiwan Dollars")).toBeLessThan(body.indexOf("US Dollars"));
  expect(body).toContain("Used in Taiwan");
});

test("choosing a city keeps its region as the manual location, stamped now, and the city with it", async () => {
  const before = Date.now();
  const response = await choose("/location-select", { location: "TPE", returnTo: "/show-list" });
  const after = Date.now();
  const cookies = setCookies(response);
  expect(response.headers.get("location")).toBe("/show-list");
  expect(cookies.get("location")?.value).toBe("TW");
  expect(cookies.get("location_current")?.value).toBe("TW");
  expect(cookies.get("locationCityId")?.value).toBe("TPE");
  const setAt = Number(cookies.get("location_time")?.value);
  expect(setAt).toBeGreaterThanOrEqual(before);
  expect(setAt).toBeLessThanOrEqual(after);
});

test("choosing a city hands SPEC's click_city_change to the next page, which tracks it once", async () => {
  const response = await choose("/location-select", { location: "TPE", returnTo: "/show-list" });
  const event = setCookies(response).get("ovation_event");
  expect(JSON.parse(atob(event!.value))).toEqual({ event: "click_city_change", caller: "location-select" });
  const next = await SELF.fetch(`${ORIGIN}/show-list`, { headers: { cookie: `ovation_event=${encodeURIComponent(event!.value)}` } });
  expect(await next.text()).toContain("click_city_change");
  expect(setCookies(next).get("ovation_event")?.attributes).toContain("max-age=0");
});

test("choosing a whole region forgets the city chosen before", async () => {
  const response = await choose("/location-select", { location: "JP", returnTo: "/" }, { cookie: "locationCityId=TPE" });
  const city = setCookies(response).get("locationCityId");
  expect(city?.value).toBe("");
  expect(city?.attributes).toContain("max-age=0");
});

test("the embedded channels' mainland China cannot be chosen in the picker", async () => {
  const response = await choose("/location-select", { location: "CN", returnTo: "/" });
  expect(response.status).toBe(400);
  expect(response.headers.getSetCookie()).toEqual([]);
});

test("a return address on another site is replaced by home", async () => {
  for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
    const response = await choose("/language-select", { language: "en-US", returnTo });
    expect(response.headers.get("location")).toBe("/");
  }
});

test("the location picker offers mainland China nowhere and names places in the viewer's language", async () => {
  const body = await html("/location-select", "language=zh-HK");
  expect(body).toContain("台灣");
  expect(body).toContain("台北");
  expect(body).not.toContain('value="CN"');
});

test("searching the location picker finds a city by its name in the other language", async () => {
  const body = await html("/location-select?q=%E5%8F%B0%E5%8C%97");
  expect(body).toContain("Taipei");
  expect(body).not.toContain("Singapore");
});

test("a search that matches nothing says so", async () => {
  const body = await html("/location-select?q=atlantis");
  expect(body).toContain("Nothing matches “atlantis”");
});

test("a city cookie from another region than the one in use is ignored", async () => {
  const body = await html("/location-select", `location=JP; location_time=${Date.now()}; locationCityId=TPE`);
  expect(body).not.toMatch(/aria-current="true"[^>]*>\s*<span>Taipei/);
  expect(body).toMatch(/aria-current="true"[^]*?Japan/);
});

test("using the current location with a device position near Tokyo chooses Japan", async () => {
  const response = await choose("/location-select", { intent: "locate", lat: "35.68", lng: "139.76", returnTo: "/" });
  expect(response.status).toBe(302);
  expect(setCookies(response).get("location")?.value).toBe("JP");
});

test("using the current location without a position falls back to the network's country", async () => {
  const response = await choose("/location-select", { intent: "locate", returnTo: "/" }, { country: "TH" });
  expect(setCookies(response).get("location")?.value).toBe("TH");
});

test("using the current location with nothing to go on says the location cannot be determined", async () => {
  const response = await choose("/location-select", { intent: "locate", returnTo: "/" });
  expect(response.status).toBe(400);
  expect(response.headers.getSetCookie()).toEqual([]);
});

test("a detected country other than the stored location is offered as a suggestion", async () => {
  const response = await SELF.fetch(`${ORIGIN}/location-select`, { headers: { cookie: "location_current=HK" }, cf: { country: "SG" } } as RequestInit);
  const body = await response.text();
  expect(body).toContain("Detected location: Singapore");
  expect(body).toContain("Keep Hong Kong");
});

test("accepting a location suggestion sets the location, its language and its currency", async () => {
  const response = await choose("/location-select", { intent: "accept", location: "TW", returnTo: "/" }, { cookie: "location_current=HK" });
  const cookies = setCookies(response);
  expect(response.headers.get("location")).toBe("/");
  expect(cookies.get("location")?.value).toBe("TW");
  expect(cookies.get("language")?.value).toBe("zh-HK");
  expect(cookies.get("currency")?.value).toBe("TWD");
});

test("declining a location suggestion keeps the current location as the manual one", async () => {
  const response = await choose("/location-select", { intent: "decline", location: "SG", returnTo: "/" }, { cookie: "location_current=HK", country: "SG" });
  const cookies = setCookies(response);
  expect(cookies.get("location")?.value).toBe("HK");
  expect(cookies.has("language")).toBe(false);
  expect(cookies.has("currency")).toBe(false);
});

test("after declining, the suggestion is not offered again", async () => {
  const response = await SELF.fetch(`${ORIGIN}/location-select`, {
    headers: { cookie: `location_current=HK; location=HK; location_time=${Date.now()}` },
    cf: { country: "SG" },
  } as RequestInit);
  expect(await response.text()).not.toContain("Detected location");
});
