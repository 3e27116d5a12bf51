import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import type { DemoCatalog } from "../../functions/seed";
import type { AutoLocation } from "../../functions/market/preferences/auto-location";
import type { CurrencyOption, LanguageOption, LocationOption, ShowLocationOption } from "../../functions/market/preferences/options";
import { api, ORIGIN, type ApiAnswer } from "./support/api";
import { seedCatalog } from "./support/catalog";

let catalog: DemoCatalog;

beforeAll(async () => {
  catalog = await seedCatalog();
});

/** lbs/default as a device asks for it, with Cloudflare's geolocation of its network when given. */
async function lbsDefault(headers: Record<string, string> = {}, country?: string): Promise<ApiAnswer<AutoLocation>> {
  const response = await SELF.fetch(`${ORIGIN}/pub/home/v1/lbs/default`, {
    headers,
    cf: country ? { country } : undefined,
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as ApiAnswer<AutoLocation>["body"], headers: response.headers };
}

test("the location list gives every location with SPEC's fields, Hong Kong as the default", async () => {
  const { body } = await api<LocationOption[]>("/pub/home/v1/location/list");
  expect(body.statusCode).toBe(200);
  expect(body.data).toHaveLength(catalog.locations.length);
  expect(body.data[0]).toEqual({
    id: expect.any(Number),
    code: "HK",
    name: "Hong Kong",
    parentCode: "CN",
    phoneCode: "852",
    isDefault: true,
    clientHidden: false,
    kind: "region",
    currencyCode: "HKD",
    languageCode: "zh-HK",
  });
  expect(body.data.filter((location) => location.isDefault).map((location) => location.code)).toEqual(["HK"]);
});

test("the location list carries mainland China flagged hidden, for the embedded channels only", async () => {
  const { body } = await api<LocationOption[]>("/pub/home/v1/location/list");
  expect(body.data.find((location) => location.code === "CN")).toMatchObject({ phoneCode: "86", clientHidden: true });
});

test("the location list lists regions before the cities inside them", async () => {
  const { body } = await api<LocationOption[]>("/pub/home/v1/location/list");
  const kinds = body.data.map((location) => location.kind);
  expect(kinds.indexOf("city")).toBeGreaterThan(kinds.lastIndexOf("region"));
});

test("location names come in the language of the lan header", async () => {
  const { body } = await api<LocationOption[]>("/pub/home/v1/location/list", { headers: { lan: "zh-HK" } });
  expect(body.data.find((location) => location.code === "TW")?.name).toBe("台灣");
  expect(body.data.find((location) => location.code === "TPE")?.name).toBe("台北");
});

test("the show location list gives only cities with shows on sale or coming, with their counts", async () => {
  const { body } = await api<ShowLocationOption[]>("/pub/home/v1/show/location/list");
  const expected = new Map<string, number>();
  for (const show of catalog.shows) {
    if (show.status === "ONSALE" || show.status === "PENDING") expected.set(show.cityCode, (expected.get(show.cityCode) ?? 0) + 1);
  }
  expect(body.data.length).toBeGreaterThan(0);
  expect(Object.fromEntries(body.data.map((city) => [city.code, city.showCount]))).toEqual(Object.fromEntries(expected));
  expect(body.data.every((city) => city.kind === "city" && city.parentCode !== null)).toBe(true);
});

test("the currency list gives SPEC's currency fields, HKD first", async () => {
  const { body } = await api<CurrencyOption[]>("/pub/home/v1/currency/list");
  expect(body.data[0]).toEqual({ currencyCode: "HKD", currencyName: "HongKong Dollars", currencySymbol: "HK$" });
  expect(body.data.map((currency) => currency.currencyCode).sort()).toEqual(catalog.currencies.map((currency) => currency.code).sort());
});

test("currency names come in the language of the lan header", async () => {
  const { body } = await api<CurrencyOption[]>("/pub/home/v1/currency/list", { headers: { lan: "zh-HK" } });
  expect(body.data.find((currency) => currency.currencyCode === "USD")?.currencyName).toBe("美元");
});

test("the language list names each language in itself, whatever the lan header", async () => {
  const english = await api<LanguageOption[]>("/pub/home/v1/language/list");
  const chinese = await api<LanguageOption[]>("/pub/home/v1/language/list", { headers: { lan: "zh-HK" } });
  expect(english.body.data).toEqual([
    { code: "en-US", name: "English" },
    { code: "zh-HK", name: "繁體中文" },
  ]);
  expect(chinese.body.data).toEqual(english.body.data);
});

test("the default location for a device near Taipei is Taiwan, with its language and currency", async () => {
  const { body } = await lbsDefault({ lat: "25.04", lng: "121.56" });
  expect(body.data).toEqual({
    locationId: expect.any(Number),
    locationCode: "TW",
    locationName: "Taiwan",
    parentCode: null,
    phoneCode: "886",
    languageCode: "zh-HK",
    languageName: "繁體中文",
    currencyCode: "TWD",
    currencyName: "New Taiwan Dollars",
    currencySymbol: "NT$",
  });
});

test("a device position far from every venue city gives way to the network's country", async () => {
  const { body } = await lbsDefault({ lat: "0", lng: "0" }, "SG");
  expect(body.data.locationCode).toBe("SG");
});

test("without a position the default location is the network's country", async () => {
  const { body } = await lbsDefault({ lan: "zh-HK" }, "JP");
  expect(body.data).toMatchObject({ locationCode: "JP", locationName: "日本", currencyName: "日圓" });
});

test("a network country we do not offer gives Hong Kong", async () => {
  const { body } = await lbsDefault({}, "CN");
  expect(body.data).toMatchObject({ locationCode: "HK", phoneCode: "852", currencyCode: "HKD" });
});

test("without a position or a network country the default location is Hong Kong", async () => {
  const { body } = await lbsDefault();
  expect(body.data.locationCode).toBe("HK");
});

test("an embedded partner channel always gets the fixed mainland China location", async () => {
  const { body } = await lbsDefault({ channel: "PiaoXiaoer", lat: "25.04", lng: "121.56" }, "TW");
  expect(body.data).toMatchObject({ locationCode: "CN", phoneCode: "86" });
});

test("a latitude out of range is refused as invalidParam naming the header", async () => {
  const { body } = await lbsDefault({ lat: "91", lng: "0" });
  expect(body.statusCode).toBe(12308);
  expect(body.message).toContain("lat");
});
