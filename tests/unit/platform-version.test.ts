import { expect, test } from "vitest";
import { compareVersions, isAtLeast } from "../../app/platform/version";

test("versions compare part by part as numbers", () => {
  expect(compareVersions("2.5.0", "2.4.9")).toBe(1);
  expect(compareVersions("2.9.0", "2.10.0")).toBe(-1);
  expect(compareVersions("2.5.0", "2.5.0")).toBe(0);
});

test("a missing part counts as zero", () => {
  expect(compareVersions("2.5", "2.5.0")).toBe(0);
  expect(compareVersions("2.5", "2.5.1")).toBe(-1);
});

test("a leading v and text after a part's digits are ignored", () => {
  expect(compareVersions("v2.5.0", "2.5.0")).toBe(0);
  expect(compareVersions("2.6.0-beta", "2.5.9")).toBe(1);
});

test("an empty version is refused with SPEC's message", () => {
  expect(() => compareVersions("", "2.5.0")).toThrow("version number cannot be empty");
  expect(() => compareVersions("2.5.0", "  ")).toThrow("version number cannot be empty");
  expect(() => compareVersions(undefined as unknown as string, "2.5.0")).toThrow("version number cannot be empty");
});

test("an app is new enough at the minimum version and after it", () => {
  expect(isAtLeast("2.5.0", "2.5.0")).toBe(true);
  expect(isAtLeast("2.4.12", "2.5.0")).toBe(false);
});
