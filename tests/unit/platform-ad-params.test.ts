import { expect, test } from "vitest";
import { AD_PARAMS_KEY, adParamsFrom, captureAdParams, hasAdParams, readAdParams } from "../../app/platform/ad-params";
import { memoryStore, refusingStore } from "./support/device-stores";

test("every utm and ad field of the address is captured, and nothing else", () => {
  const search =
    "?utm_source=ig&utm_medium=paid&utm_campaign=encore&utm_term=kpop&utm_content=story&adgroup_name=g&adgroup_id=1&adplan_name=p&adplan_id=2&adcreative_name=c&adcreative_id=3&fbpid=fb.1&fpclid=x9&id=42&lan=en-US";
  expect(adParamsFrom(search)).toEqual({
    utm_source: "ig",
    utm_medium: "paid",
    utm_campaign: "encore",
    utm_term: "kpop",
    utm_content: "story",
    adgroup_name: "g",
    adgroup_id: "1",
    adplan_name: "p",
    adplan_id: "2",
    adcreative_name: "c",
    adcreative_id: "3",
    fbpid: "fb.1",
    fpclid: "x9",
  });
});

test("captured fields are kept in localStorage under adParams", () => {
  const store = memoryStore();
  captureAdParams(store, "?utm_source=google&utm_campaign=spring");
  expect(JSON.parse(store.items.get(AD_PARAMS_KEY)!)).toEqual({ utm_source: "google", utm_campaign: "spring" });
  expect(readAdParams(store)).toEqual({ utm_source: "google", utm_campaign: "spring" });
});

test("a new ad replaces the fields kept from the last one", () => {
  const store = memoryStore();
  captureAdParams(store, "?utm_source=google&utm_term=tickets");
  captureAdParams(store, "?utm_source=facebook");
  expect(readAdParams(store)).toEqual({ utm_source: "facebook" });
});

test("an address without ad fields leaves the kept ones alone", () => {
  const store = memoryStore();
  captureAdParams(store, "?utm_source=google");
  expect(captureAdParams(store, "?id=42")).toBeNull();
  expect(readAdParams(store)).toEqual({ utm_source: "google" });
});

test("empty ad fields do not count and long ones are cut to 1024 characters", () => {
  expect(hasAdParams("?utm_source=&utm_medium=%20")).toBe(false);
  expect(adParamsFrom(`?utm_content=${"x".repeat(2000)}`).utm_content).toHaveLength(1024);
});

test("unreadable or foreign kept data reads as no ad fields", () => {
  expect(readAdParams(memoryStore({ [AD_PARAMS_KEY]: "{oops" }))).toEqual({});
  expect(readAdParams(memoryStore({ [AD_PARAMS_KEY]: JSON.stringify({ utm_source: 7, evil: "x", utm_medium: "cpc" }) }))).toEqual({ utm_medium: "cpc" });
});

test("a browser that refuses storage still reports the address's ad fields", () => {
  expect(captureAdParams(refusingStore(), "?utm_source=google")).toEqual({ utm_source: "google" });
  expect(readAdParams(refusingStore())).toEqual({});
});
