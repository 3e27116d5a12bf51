import { expect, test } from "vitest";
import { networkCountry } from "../../functions/geolocation";

function located(url: string, country: unknown): Request {
  const request = new Request(url);
  Object.defineProperty(request, "cf", { value: { country } });
  return request;
}

test("a request's network country comes from Cloudflare's geolocation", () => {
  expect(networkCountry(located("https://ovation.example/", "TW"))).toBe("TW");
});

test("a request to a loopback host has no network country, whatever its stand-in geolocation says", () => {
  for (const url of ["http://127.0.0.1:8787/", "http://localhost:8787/", "http://app.localhost/", "http://[::1]:8787/", "http://127.8.9.10/"]) {
    expect(networkCountry(located(url, "US"))).toBeUndefined();
  }
});

test("a request without geolocation has no network country", () => {
  expect(networkCountry(new Request("https://ovation.example/"))).toBeUndefined();
  expect(networkCountry(located("https://ovation.example/", ""))).toBeUndefined();
  expect(networkCountry(located("https://ovation.example/", 42))).toBeUndefined();
});

test("a host that merely starts with 127 is not loopback", () => {
  expect(networkCountry(located("https://127example.com/", "SG"))).toBe("SG");
});
