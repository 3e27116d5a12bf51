import { expect, test } from "vitest";
import { allowedAddress, hostList } from "../../app/platform/allowed-hosts";

const ORIGIN = "https://ovation.example";
const HOSTS = ["help.ovation.example", "partner.example"];

test("our own pages and https pages of listed hosts are allowed", () => {
  expect(allowedAddress("/faq", ORIGIN, HOSTS)).toBe("https://ovation.example/faq");
  expect(allowedAddress("https://help.ovation.example/a?b=1", ORIGIN, HOSTS)).toBe("https://help.ovation.example/a?b=1");
  expect(allowedAddress("https://m.partner.example/x", ORIGIN, HOSTS)).toBe("https://m.partner.example/x");
});

test("other hosts, plain http, look-alikes, credentials and scripts are refused", () => {
  expect(allowedAddress("https://evil.example/", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("http://partner.example/", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("https://partner.example.evil.example/", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("https://notpartner.example/", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("https://user:pw@partner.example/", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("javascript:alert(1)", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("//evil.example/x", ORIGIN, HOSTS)).toBeNull();
  expect(allowedAddress("", ORIGIN, HOSTS)).toBeNull();
});

test("the host list comes from its setting, else the defaults", () => {
  expect(hostList(" a.example, B.example ,", ["d.example"])).toEqual(["a.example", "b.example"]);
  expect(hostList(undefined, ["d.example"])).toEqual(["d.example"]);
});
