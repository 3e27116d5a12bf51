import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";

test("an unknown API path answers a 404 envelope", async () => {
  const response = await SELF.fetch("https://example.com/pub/nothing/here");
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ statusCode: 404 });
});
