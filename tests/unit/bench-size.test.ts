/**
 * The bench's first-visit sizes read the HTML the server sent: a stylesheet link whose type is not
 * CSS (naming CSS the head already carries) is never fetched, so it is not counted as a download
 * (a disabled one is: Chromium 150 fetches it); the head's
 * style blocks are counted as CSS carried in the HTML.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { measureRoute, requestedByHtml } from "../bench/size";

const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<style data-href="/assets/root-a1b2c3d4.css">:root{--font-sans:Arial}</style><link rel="stylesheet" href="/assets/root-a1b2c3d4.css" type="text/x-inlined"/>',
  '<style data-href="/assets/home-e5f6a7b8.css">.x{color:red}</style><link rel="stylesheet" href="/assets/home-e5f6a7b8.css" type="text/x-inlined"/>',
  '<link rel="stylesheet" href="/assets/chart-0a1b2c3d.css"/>',
  '<link rel="stylesheet" href="/assets/sheet-9f8e7d6c.css" disabled=""/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>',
  "</head><body><style>.not-in-head{}</style></body></html>",
].join("");

test("a stylesheet link typed other than CSS is not a download; a plain or a disabled one is", () => {
  expect(requestedByHtml(PAGE)).toEqual({ js: ["/assets/entry.client-1.js"], css: ["/assets/chart-0a1b2c3d.css", "/assets/sheet-9f8e7d6c.css"] });
});

test("the head's style blocks are the CSS the page carries, the body's are not", () => {
  const size = measureRoute(PAGE, join(mkdtempSync(join(tmpdir(), "bench-size-")), "/"));
  expect(size.cssInHead.files).toBe(2);
  expect(size.cssInHead.raw).toBe(":root{--font-sans:Arial}\n.x{color:red}".length);
  expect(size.css.missing).toEqual(["/assets/chart-0a1b2c3d.css", "/assets/sheet-9f8e7d6c.css"]);
});
