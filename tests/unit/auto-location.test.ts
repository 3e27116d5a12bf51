import { expect, test } from "vitest";
import { NEAREST_CITY_MAX_KM, distanceKm, nearestCity } from "../../functions/market/preferences/auto-location";

const HONG_KONG = { lat: 22.3016, lng: 114.1822 };
const MACAU = { lat: 22.1484, lng: 113.5536 };
const venues = [
  { cityCode: "HKG", ...HONG_KONG },
  { cityCode: "MFM", ...MACAU },
  { cityCode: "TPE", lat: 25.0515, lng: 121.5497 },
];

test("the distance from Hong Kong to Macau is about 67 km", () => {
  expect(distanceKm(HONG_KONG, MACAU)).toBeGreaterThan(64);
  expect(distanceKm(HONG_KONG, MACAU)).toBeLessThan(70);
});

test("the distance between a point and itself is zero", () => {
  expect(distanceKm(MACAU, MACAU)).toBe(0);
});

test("the distance across the antimeridian is the short way round", () => {
  expect(distanceKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeLessThan(112);
});

test("a device in Shenzhen is placed in the Hong Kong venue city, its nearest", () => {
  expect(nearestCity(venues, { lat: 22.54, lng: 114.06 })).toBe("HKG");
});

test("a device on Coloane is placed in Macau, not Hong Kong", () => {
  expect(nearestCity(venues, { lat: 22.12, lng: 113.56 })).toBe("MFM");
});

test("a device in Guangzhou, within 150 km of two venue cities, is placed in the nearer, Macau", () => {
  expect(nearestCity(venues, { lat: 23.13, lng: 113.26 })).toBe("MFM");
});

test("a device further than 150 km from every venue city is placed nowhere", () => {
  expect(NEAREST_CITY_MAX_KM).toBe(150);
  expect(nearestCity(venues, { lat: 28.2, lng: 112.97 })).toBeUndefined();
});

test("a device at the edge of the distance limit still counts", () => {
  const km = distanceKm(HONG_KONG, { lat: 22.3016, lng: 115.6 });
  expect(nearestCity([{ cityCode: "HKG", ...HONG_KONG }], { lat: 22.3016, lng: 115.6 }, Math.ceil(km))).toBe("HKG");
  expect(nearestCity([{ cityCode: "HKG", ...HONG_KONG }], { lat: 22.3016, lng: 115.6 }, Math.floor(km))).toBeUndefined();
});

test("with no venues nobody is placed", () => {
  expect(nearestCity([], HONG_KONG)).toBeUndefined();
});
