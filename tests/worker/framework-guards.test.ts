/**
 * Guards around the web framework's own endpoints: the lazy route-discovery manifest and the
 * `redirectTo` a sign-in returns to.
 */
import { expect, test } from "vitest";
import { registerThroughApi, postForm } from "./support/accounts";
import { page } from "./support/api";

test("the manifest answers a list of more than 500 paths with a 400", async () => {
  const paths = Array.from({ length: 501 }, (_, i) => `/p${i}`).join(",");
  const response = await page(`/__manifest?version=0bc3bd3e&paths=${encodeURIComponent(paths)}`);
  expect(response.status).toBe(400);
});

test("the manifest answers an oversized query with a 400 before reading it", async () => {
  const response = await page(`/__manifest?version=0bc3bd3e&paths=/${"a".repeat(20_000)}`);
  expect(response.status).toBe(400);
});

test("the manifest answers a malformed path list with a 400", async () => {
  for (const query of ["version=0bc3bd3e", "version=0bc3bd3e&paths=", "version=0bc3bd3e&paths=/a&paths=/b", "version=%3Cscript%3E&paths=/mine", "paths=/mine", "version=0bc3bd3e&paths=mine,evil"]) {
    const response = await page(`/__manifest?${query}`);
    expect(response.status, query).toBe(400);
  }
});

test("the manifest still answers a browser's ordinary request", async () => {
  const response = await page("/__manifest?version=0bc3bd3e&paths=%2Fmine%2C%2Fshow-list");
  // 200 with the routes, or 204 asking for a reload when the build's version differs.
  expect([200, 204]).toContain(response.status);
});

for (const redirectTo of ["//evil.example", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "https://evil.example/mine", "/%0a/evil.example"]) {
  test(`signing in with redirectTo=${JSON.stringify(redirectTo)} stays on the site`, async () => {
    const account = await registerThroughApi();
    const response = await postForm("/login", { email: account.email, password: "Encore#2026", redirectTo });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(redirectTo === "/%0a/evil.example" ? "/%0a/evil.example" : "/mine");
  });
}

test("a redirectTo on the site is honoured after signing in", async () => {
  const account = await registerThroughApi();
  const response = await postForm("/login", { email: account.email, password: "Encore#2026", redirectTo: "/my-order?tab=closed" });
  expect(response.headers.get("location")).toBe("/my-order?tab=closed");
});

test("a page asked with a method it does not take is refused with 405 and the methods it does", async () => {
  for (const method of ["OPTIONS", "PUT", "DELETE", "PATCH"]) {
    const answer = await page("/show-list", { method, headers: { origin: "https://ovation.test" } });
    expect([method, answer.status, answer.headers.get("allow")]).toEqual([method, 405, "GET, HEAD, POST"]);
  }
});
