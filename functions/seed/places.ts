/**
 * Where Ovation sells: SPEC §3's languages, currencies and locations (regions, and the cities
 * inside them where shows happen). Hong Kong, en-US and HKD are the defaults.
 */
import type { currencies, languages, locations } from "../db/schema";

export type LanguageRow = typeof languages.$inferInsert;
export type CurrencyRow = typeof currencies.$inferInsert;
export type LocationRow = typeof locations.$inferInsert;

export const LANGUAGES: LanguageRow[] = [
  { code: "en-US", name: "English", sort: 0 },
  { code: "zh-HK", name: "繁體中文", sort: 1 },
];

/** Rates are units per US dollar, as integer micros; the default currency sorts first. */
export const CURRENCIES: CurrencyRow[] = [
  { code: "HKD", nameEn: "HongKong Dollars", nameZh: "港元", symbol: "HK$", minorUnits: 2, perUsdMicros: 7_800_000 },
  { code: "USD", nameEn: "US Dollars", nameZh: "美元", symbol: "US$", minorUnits: 2, perUsdMicros: 1_000_000 },
  { code: "CNY", nameEn: "Chinese Yuan", nameZh: "人民幣", symbol: "CN¥", minorUnits: 2, perUsdMicros: 7_180_000 },
  { code: "MOP", nameEn: "Macau Patacas", nameZh: "澳門元", symbol: "MOP$", minorUnits: 2, perUsdMicros: 8_040_000 },
  { code: "TWD", nameEn: "New Taiwan Dollars", nameZh: "新台幣", symbol: "NT$", minorUnits: 2, perUsdMicros: 30_500_000 },
  { code: "SGD", nameEn: "Singapore Dollars", nameZh: "新加坡元", symbol: "S$", minorUnits: 2, perUsdMicros: 1_290_000 },
  { code: "THB", nameEn: "Thai Baht", nameZh: "泰銖", symbol: "฿", minorUnits: 2, perUsdMicros: 32_600_000 },
  { code: "JPY", nameEn: "Japanese Yen", nameZh: "日圓", symbol: "JP¥", minorUnits: 0, perUsdMicros: 147_000_000 },
  { code: "KRW", nameEn: "South Korean Won", nameZh: "韓圜", symbol: "₩", minorUnits: 0, perUsdMicros: 1_380_000_000 },
  { code: "GBP", nameEn: "British Pounds", nameZh: "英鎊", symbol: "£", minorUnits: 2, perUsdMicros: 745_000 },
  { code: "EUR", nameEn: "Euros", nameZh: "歐元", symbol: "€", minorUnits: 2, perUsdMicros: 860_000 },
].map((row, sort) => ({ ...row, sort }));

/** The smallest step a price is rounded to, in major units (HK$10, ¥500, ₩1,000…). */
export const PRICE_STEP: Record<string, number> = {
  HKD: 10, USD: 1, CNY: 10, MOP: 10, TWD: 100, SGD: 5, THB: 100, JPY: 500, KRW: 1000, GBP: 1, EUR: 1,
};

type Region = {
  code: string;
  nameEn: string;
  nameZh: string;
  parentCode: string | null;
  phoneCode: string;
  currencyCode: string;
  languageCode: string;
  timeZone: string;
  isDefault?: boolean;
  clientHidden?: boolean;
};

const REGIONS: Region[] = [
  { code: "HK", nameEn: "Hong Kong", nameZh: "香港", parentCode: "CN", phoneCode: "852", currencyCode: "HKD", languageCode: "zh-HK", timeZone: "Asia/Hong_Kong", isDefault: true },
  // The fixed mainland location of the embedded partner channels; never offered in the picker.
  { code: "CN", nameEn: "Mainland China", nameZh: "中國內地", parentCode: null, phoneCode: "86", currencyCode: "CNY", languageCode: "zh-HK", timeZone: "Asia/Shanghai", clientHidden: true },
  { code: "MO", nameEn: "Macau", nameZh: "澳門", parentCode: "CN", phoneCode: "853", currencyCode: "MOP", languageCode: "zh-HK", timeZone: "Asia/Macau" },
  { code: "TW", nameEn: "Taiwan", nameZh: "台灣", parentCode: null, phoneCode: "886", currencyCode: "TWD", languageCode: "zh-HK", timeZone: "Asia/Taipei" },
  { code: "SG", nameEn: "Singapore", nameZh: "新加坡", parentCode: null, phoneCode: "65", currencyCode: "SGD", languageCode: "en-US", timeZone: "Asia/Singapore" },
  { code: "TH", nameEn: "Thailand", nameZh: "泰國", parentCode: null, phoneCode: "66", currencyCode: "THB", languageCode: "en-US", timeZone: "Asia/Bangkok" },
  { code: "JP", nameEn: "Japan", nameZh: "日本", parentCode: null, phoneCode: "81", currencyCode: "JPY", languageCode: "en-US", timeZone: "Asia/Tokyo" },
  { code: "KR", nameEn: "South Korea", nameZh: "韓國", parentCode: null, phoneCode: "82", currencyCode: "KRW", languageCode: "en-US", timeZone: "Asia/Seoul" },
  { code: "GB", nameEn: "United Kingdom", nameZh: "英國", parentCode: null, phoneCode: "44", currencyCode: "GBP", languageCode: "en-US", timeZone: "Europe/London" },
  { code: "US", nameEn: "United States", nameZh: "美國", parentCode: null, phoneCode: "1", currencyCode: "USD", languageCode: "en-US", timeZone: "America/Los_Angeles" },
];

type City = { code: string; region: string; nameEn: string; nameZh: string; timeZone: string };

/** Every city a demo show happens in; a city takes its region's phone code, currency and language. */
export const CITIES: City[] = [
  { code: "HKG", region: "HK", nameEn: "Hong Kong", nameZh: "香港", timeZone: "Asia/Hong_Kong" },
  { code: "MFM", region: "MO", nameEn: "Macau", nameZh: "澳門", timeZone: "Asia/Macau" },
  { code: "TPE", region: "TW", nameEn: "Taipei", nameZh: "台北", timeZone: "Asia/Taipei" },
  { code: "SIN", region: "SG", nameEn: "Singapore", nameZh: "新加坡", timeZone: "Asia/Singapore" },
  { code: "BKK", region: "TH", nameEn: "Bangkok", nameZh: "曼谷", timeZone: "Asia/Bangkok" },
  { code: "TYO", region: "JP", nameEn: "Tokyo", nameZh: "東京", timeZone: "Asia/Tokyo" },
  { code: "SEL", region: "KR", nameEn: "Seoul", nameZh: "首爾", timeZone: "Asia/Seoul" },
  { code: "LON", region: "GB", nameEn: "London", nameZh: "倫敦", timeZone: "Europe/London" },
  { code: "LAX", region: "US", nameEn: "Los Angeles", nameZh: "洛杉磯", timeZone: "America/Los_Angeles" },
];

export function regionOf(cityCode: string): Region {
  const city = CITIES.find((c) => c.code === cityCode);
  const region = city && REGIONS.find((r) => r.code === city.region);
  if (!region) throw new Error(`unknown city ${cityCode}`);
  return region;
}

export function currencyOf(code: string): CurrencyRow {
  const currency = CURRENCIES.find((c) => c.code === code);
  if (!currency) throw new Error(`unknown currency ${code}`);
  return currency;
}

export function demoLocations(): LocationRow[] {
  const rows: LocationRow[] = REGIONS.map((r) => ({
    code: r.code,
    kind: "region",
    nameEn: r.nameEn,
    nameZh: r.nameZh,
    parentCode: r.parentCode,
    phoneCode: r.phoneCode,
    isDefault: r.isDefault ?? false,
    clientHidden: r.clientHidden ?? false,
    currencyCode: r.currencyCode,
    languageCode: r.languageCode,
    timeZone: r.timeZone,
    sort: 0,
  }));
  for (const city of CITIES) {
    const region = regionOf(city.code);
    rows.push({
      code: city.code,
      kind: "city",
      nameEn: city.nameEn,
      nameZh: city.nameZh,
      parentCode: region.code,
      phoneCode: region.phoneCode,
      // One default location only: the region (HK); its city is found through parentCode.
      isDefault: false,
      clientHidden: false,
      currencyCode: region.currencyCode,
      languageCode: region.languageCode,
      timeZone: city.timeZone,
      sort: 0,
    });
  }
  return rows.map((row, i) => ({ ...row, id: i + 1, sort: i }));
}
