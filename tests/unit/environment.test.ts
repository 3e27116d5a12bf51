import { expect, test } from "vitest";
import { analyticsEnabled, environmentFromHost } from "../../functions/market/preferences/environment";

test("a host whose first label is an environment's name runs in that environment", () => {
  expect(environmentFromHost("dev.ovation.example")).toBe("dev");
  expect(environmentFromHost("qa.ovation.example")).toBe("qa");
  expect(environmentFromHost("stage.ovation.example")).toBe("stage");
  expect(environmentFromHost("uat.ovation.example")).toBe("uat");
});

test("an environment's name followed by a hyphen or a digit names it too", () => {
  expect(environmentFromHost("qa-api.ovation.example")).toBe("qa");
  expect(environmentFromHost("dev-m.ovation.example")).toBe("dev");
  expect(environmentFromHost("uat2.ovation.example")).toBe("uat");
  expect(environmentFromHost("stage-1-api.ovation.example")).toBe("stage");
});

test("a word that merely begins with an environment's name is production", () => {
  expect(environmentFromHost("developer.ovation.example")).toBe("production");
  expect(environmentFromHost("qatar.ovation.example")).toBe("production");
  expect(environmentFromHost("staging.ovation.example")).toBe("production");
});

test("only the first label counts", () => {
  expect(environmentFromHost("www.dev.ovation.example")).toBe("production");
  expect(environmentFromHost("ovation.qa")).toBe("production");
});

test("the host's port and case do not matter", () => {
  expect(environmentFromHost("QA.Ovation.Example:8443")).toBe("qa");
  expect(environmentFromHost("www.ovation.example:443")).toBe("production");
});

test("local hosts run in dev", () => {
  expect(environmentFromHost("localhost")).toBe("dev");
  expect(environmentFromHost("localhost:8787")).toBe("dev");
  expect(environmentFromHost("127.0.0.1:8787")).toBe("dev");
  expect(environmentFromHost("ovation.localhost")).toBe("dev");
  expect(environmentFromHost("[::1]:8787")).toBe("dev");
  expect(environmentFromHost("192.168.1.20:5173")).toBe("dev");
});

test("any other host is production", () => {
  expect(environmentFromHost("ovation.example")).toBe("production");
  expect(environmentFromHost("m.ovation.example")).toBe("production");
  expect(environmentFromHost("")).toBe("production");
  expect(environmentFromHost(undefined)).toBe("production");
});

test("analytics is sent only in production", () => {
  expect(analyticsEnabled("production")).toBe(true);
  for (const environment of ["dev", "qa", "stage", "uat"] as const) {
    expect(analyticsEnabled(environment)).toBe(false);
  }
});
