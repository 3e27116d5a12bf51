import { expect, test } from "vitest";
import { appLinkOfWebPath, openInApp, webPathOfAppLink } from "../../app/platform/deep-links";

test("the scheme's three screens map to their web pages", () => {
  expect(webPathOfAppLink("ovation://show-list")).toBe("/show-list");
  expect(webPathOfAppLink("ovation://tourList")).toBe("/tourList");
  expect(webPathOfAppLink("ovation://tourDetail?id=42")).toBe("/tourDetail?id=42");
  expect(webPathOfAppLink("ovation:///tourDetail?id=42")).toBe("/tourDetail?id=42");
});

test("other links, other screens and a tour without a usable id map to nothing", () => {
  expect(webPathOfAppLink("https://ovation.example/show-list")).toBeNull();
  expect(webPathOfAppLink("ovation://my-order")).toBeNull();
  expect(webPathOfAppLink("ovation://tourDetail")).toBeNull();
  expect(webPathOfAppLink("ovation://tourDetail?id=<script>")).toBeNull();
  expect(webPathOfAppLink("not a link")).toBeNull();
});

test("web pages the app opens get their scheme link, with only the query they need", () => {
  expect(appLinkOfWebPath("/tourDetail?id=7&utm_source=x")).toBe("ovation://tourDetail?id=7");
  expect(appLinkOfWebPath("/show-list?date=7")).toBe("ovation://show-list");
  expect(appLinkOfWebPath("/tourList")).toBe("ovation://tourList");
  expect(appLinkOfWebPath("/confirm-order?listingId=3")).toBeNull();
});

test("'Open in the app' tries the scheme and falls back to the web page when no app took it", () => {
  const visits: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  openInApp("/tourDetail?id=7", { go: (url) => visits.push(url), stillHere: () => true, setTimeout: (run, ms) => timers.push({ run, ms }) });
  expect(visits).toEqual(["ovation://tourDetail?id=7"]);
  expect(timers[0].ms).toBe(1500);
  timers[0].run();
  expect(visits).toEqual(["ovation://tourDetail?id=7", "/tourDetail?id=7"]);
});

test("'Open in the app' stays put when the app took the link", () => {
  const visits: string[] = [];
  const timers: { run: () => void }[] = [];
  openInApp("/show-list", { go: (url) => visits.push(url), stillHere: () => false, setTimeout: (run) => timers.push({ run }) });
  timers[0].run();
  expect(visits).toEqual(["ovation://show-list"]);
});
