import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { seedCatalog } from "./support/catalog";

const SITE = "https://www.ovation.example";

test("probe", async () => {
  await seedCatalog();
  for (const path of ["/", "/pub/home/v1/language/list", "/favicon.svg", "/manifest.webmanifest", "/nothing-here", "/logout", "/robots.txt", "/favicon.ico", "/media/og/1.png"]) {
    const r = await SELF.fetch(`${SITE}${path}`, { redirect: "manual" });
    console.log(path, r.status, JSON.stringify(Object.fromEntries(r.headers)));
    await r.arrayBuffer();
  }
});
