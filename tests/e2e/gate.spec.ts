/**
 * Tickets at the gate, in Chromium against the running Worker: a buyer of a listing with Ovation
 * entry codes sees the ticket before paying, opens it, goes offline, reloads, and its code keeps
 * changing; the organiser's door scanner lets the ticket in once, refuses it after, and refuses a
 * screenshot of a code from a minute earlier; two gates scanning one ticket with no signal learn
 * which was first when they sync. On an iPhone the ticket offers an Apple Wallet pass instead of
 * Google's, whose fixed code the door lets in once.
 */
import type { Browser, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { buyTwo } from "./support/delivery";
import { entryCodeListing, readQr } from "./support/entry";
import { expect, inLanguage, test, type Language } from "./support/fixtures";
import { signInStaff, STAFF, type Staff } from "./support/staff";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

/** Waits until the service worker controls the page, so the next navigations pass through it. */
async function underServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const payloadOf = (page: Page) => page.getByTestId("gate-qr").getAttribute("data-payload");

/** The provider lists entry-code tickets; a new buyer pays for two on `page`. */
async function boughtEntryTickets(page: Page, browser: Browser, baseURL: string, language: Language) {
  const provider = await signInStaff(browser, baseURL, language, true, STAFF.provider, "/provider");
  let listing: { listingId: number; sessionId: number };
  try {
    listing = await entryCodeListing(provider.page.request);
  } finally {
    await provider.close();
  }
  await page.goto(`/confirm-ticket?listingId=${listing.listingId}&quantity=2`);
  await expect(page.getByTestId("confirm-delivery")).toHaveText(
    inLanguage(
      language,
      "Ovation entry code: a QR on your phone that changes every 15 seconds, scanned at the door",
      "Ovation 入場碼：手機上每 15 秒更新的二維碼，於入口掃描",
    ),
  );
  const orderId = await buyTwo(page, language, listing.listingId);
  return { ...listing, orderId };
}

async function scannerFor(browser: Browser, baseURL: string, language: Language, sessionId: number, gate: string): Promise<Staff> {
  const door = await signInStaff(browser, baseURL, language, true, STAFF.provider, "/provider");
  await door.open(`/provider/scan?session=${sessionId}`);
  await door.page.getByLabel(inLanguage(language, "This gate", "此入口")).fill(gate);
  return door;
}

async function scan(door: Staff, language: Language, payload: string) {
  await door.page.getByLabel(inLanguage(language, "Ticket code", "門票號碼")).fill(payload);
  await door.page.getByRole("button", { name: inLanguage(language, "Check", "核對"), exact: true }).click();
}

// The ticket runs once, in zh-HK (its strings are the likelier to break; the door below runs in en-US).
for (const language of ["zh-HK"] as const) {
  test.describe(`Tickets at the gate in ${language}`, () => {
    test.use({ language, networkCut: true, serviceWorkers: "allow" });
    test.describe.configure({ timeout: 180_000 });
    const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

    test("the buyer's ticket shows a QR the door can read, keeps working offline after a reload, and its code keeps changing; on an iPhone it goes into Apple Wallet with a code the door takes once", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const { orderId, sessionId } = await boughtEntryTickets(page, browser, baseURL!, language);

      // The paid order's e-ticket is its entry tickets.
      await page.goto(`/e-ticket?id=${orderId}`);
      await expect(page).toHaveURL(new RegExp(`/tickets\\?order=${orderId}$`));
      await expect(page.getByTestId("entry-ticket")).toHaveCount(2);
      await page.screenshot({ path: `../../test-results/gate-tickets-${language}.png`, fullPage: true });
      await page.getByTestId("entry-ticket").first().click();
      await expect(page).toHaveURL(new RegExp(`/tickets/${orderId * 100 + 1}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("Your ticket", "你的門票"));

      expect(await payloadOf(page)).toMatch(new RegExp(`^OVT1\\.${orderId * 100 + 1}\\.[0-9]{8}$`));
      // What a camera reads off the screen is what the page says it shows (read again if the code turned meanwhile).
      await expect.poll(async () => (await readQr(page.getByTestId("gate-qr").locator("svg"))) === (await payloadOf(page))).toBe(true);

      await underServiceWorker(page);
      await page.reload();
      const synced = await page.getByTestId("gate-synced").innerText();
      await page.screenshot({ path: `../../test-results/gate-ticket-${language}.png`, fullPage: true });

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId("gate-synced")).toHaveText(synced);
      await expect(page.locator("[data-offline-page]")).toHaveCount(0);
      const offlineCode = await payloadOf(page);
      // A new code within one 15-second step, worked out on the phone with no network.
      await expect.poll(() => payloadOf(page), { timeout: 20_000, intervals: [500] }).not.toBe(offlineCode);
      await expect.poll(async () => (await readQr(page.getByTestId("gate-qr").locator("svg"))) === (await payloadOf(page))).toBe(true);
      await context.setOffline(false);

      // Without JavaScript the ticket shows the code of the moment it was drawn, and a transfer to
      // an email with no account is refused in the page's language, the ticket kept.
      const plain = await browser.newContext({
        baseURL,
        storageState: await context.storageState(),
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
      });
      const still = await plain.newPage();
      await still.goto(`/tickets/${orderId * 100 + 1}`);
      expect(await readQr(still.getByTestId("gate-qr").locator("svg"))).toMatch(new RegExp(`^OVT1\\.${orderId * 100 + 1}\\.[0-9]{8}$`));
      await still.getByText(say("Send to a friend", "轉讓給朋友")).click();
      await still.getByLabel(say("Friend's email", "朋友的電郵")).fill("nobody-at-all@example.com");
      await still.getByRole("button", { name: say("Send ticket", "轉讓門票") }).click();
      await expect(still.getByTestId("transfer-refusal")).toHaveText(
        say(
          "No Ovation account uses nobody-at-all@example.com. Ask your friend to sign up with that email, then send the ticket again.",
          "沒有 Ovation 帳戶使用 nobody-at-all@example.com。請朋友先以此電郵註冊，然後再轉讓門票。",
        ),
      );
      await expect(still.getByLabel(say("Friend's email", "朋友的電郵"))).toHaveValue("nobody-at-all@example.com");
      await still.screenshot({ path: `../../test-results/gate-transfer-${language}.png`, fullPage: true });
      await plain.close();

      // On an iPhone the ticket offers Apple Wallet instead of Google's; the pass downloads signed,
      // with the ticket's fixed code, which the door lets in once.
      const ticketId = orderId * 100 + 2;
      await page.goto(`/tickets/${ticketId}`);
      await expect(page.getByTestId("google-wallet")).toHaveText(say("Add to Google Wallet", "加入 Google 錢包"));
      await expect(page.getByTestId("apple-wallet")).toHaveCount(0);

      const iphone = await browser.newContext({ baseURL, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 }, userAgent: IPHONE_SAFARI });
      const door = await scannerFor(browser, baseURL!, language, sessionId, "East 2");
      try {
        const phone = await iphone.newPage();
        await phone.goto(`/tickets/${ticketId}`);
        await expect(phone.getByTestId("apple-wallet")).toHaveText(say("Add to Apple Wallet", "加入 Apple 錢包"));
        await expect(
          phone.getByText(say("The Wallet pass shows a fixed code: it stops working when the ticket is resold or sent to a friend.", "錢包內的門票顯示固定二維碼：門票轉售或轉贈後即失效。")),
        ).toBeVisible();
        await expect(phone.getByTestId("google-wallet")).toHaveCount(0);
        await phone.screenshot({ path: `../../test-results/gate-apple-wallet-${language}.png`, fullPage: true });

        const download = await iphone.request.get((await phone.getByTestId("apple-wallet").getAttribute("href"))!);
        expect(download.status()).toBe(200);
        expect(download.headers()["content-type"]).toBe("application/vnd.apple.pkpass");
        const files = unzipSync(new Uint8Array(await download.body()));
        expect(Object.keys(files).sort()).toEqual(["icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png", "manifest.json", "pass.json", "signature"]);
        const pass = JSON.parse(strFromU8(files["pass.json"])) as { passTypeIdentifier: string; serialNumber: string; voided: boolean; barcodes: { message: string }[] };
        expect(pass).toMatchObject({ passTypeIdentifier: "pass.example.ovation.demo", serialNumber: String(ticketId), voided: false });
        expect(pass.barcodes[0].message).toMatch(new RegExp(`^OVW1\\.${ticketId}\\.[0-9]{8}$`));

        const verdict = door.page.getByTestId("door-verdict");
        await scan(door, language, pass.barcodes[0].message);
        await expect(verdict).toHaveAttribute("data-result", "admitted");
        await scan(door, language, pass.barcodes[0].message);
        await expect(verdict).toHaveAttribute("data-result", "alreadyAdmitted");
      } finally {
        await iphone.close();
        await door.close();
      }
    });
  });
}

// The door's verdicts are logic, not copy: proved once, in en-US, as CELLS proves a screen that only shows things.
test.describe("The door in en-US", () => {
  test.use({ serviceWorkers: "allow", networkCut: true });
  test.describe.configure({ timeout: 180_000 });

  test("a ticket is let in once and a screenshot of a minute earlier refused; two gates with no signal learn on sync which was first; an online gate hears the other's admissions and keeps them offline", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { orderId, sessionId } = await boughtEntryTickets(page, browser, baseURL!, "en-US");
    const [first, second] = [orderId * 100 + 1, orderId * 100 + 2];
    const north = await scannerFor(browser, baseURL!, "en-US", sessionId, "North 1");
    const south = await scannerFor(browser, baseURL!, "en-US", sessionId, "South 4");
    const verdictAt = (door: Staff) => door.page.getByTestId("door-verdict");
    /** What a gate's device knows of a ticket's admission: the gate that let it in. */
    const heardAt = (door: Staff, ticketId: number) =>
      door.page.evaluate(
        ([key, id]) => (JSON.parse(localStorage.getItem(key) ?? "{}").admitted?.[id]?.gate as string | undefined) ?? null,
        [`ovation-door-${sessionId}`, String(ticketId)],
      );
    try {
      // Online: the live code is let in once.
      await page.goto(`/tickets/${first}`);
      const live = (await readQr(page.getByTestId("gate-qr").locator("svg")))!;
      await scan(north, "en-US", live);
      await expect(verdictAt(north)).toHaveAttribute("data-result", "admitted");
      await expect(verdictAt(north).getByRole("heading")).toHaveText("Let in");
      await north.page.screenshot({ path: "../../test-results/gate-door-en-US.png", fullPage: true });
      await scan(north, "en-US", live);
      await expect(verdictAt(north)).toHaveAttribute("data-result", "alreadyAdmitted");
      await expect(verdictAt(north)).toContainText("Let in at North 1");

      // The second ticket as a screenshot taken a minute ago: the phone's clock then, the same secret.
      // (A clock is the whole context's: the buyer's phone a minute ago is a context of its own, signed in the same.)
      const past = await browser.newContext({ baseURL, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } });
      const earlier = await past.newPage();
      await earlier.clock.install({ time: Date.now() - 60_000 });
      await earlier.goto(`/tickets/${second}`);
      await earlier.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const screenshot = (await readQr(earlier.getByTestId("gate-qr").locator("svg")))!;
      await past.close();
      await scan(north, "en-US", screenshot);
      await expect(verdictAt(north)).toHaveAttribute("data-result", "invalidCode");
      await expect(verdictAt(north).getByRole("heading")).toHaveText("Code not valid");

      // South has heard North's admission of the first ticket by polling, and keeps it with no signal.
      await expect.poll(() => heardAt(south, first), { timeout: 15_000 }).toBe("North 1");

      // Both gates lose the signal and let the second ticket, shown live, in.
      await page.goto(`/tickets/${first}`);
      const firstAgain = (await payloadOf(page))!;
      await page.goto(`/tickets/${second}`);
      const code = (await payloadOf(page))!;
      await north.page.context().setOffline(true);
      await south.page.context().setOffline(true);
      await scan(north, "en-US", code);
      await scan(south, "en-US", code);
      await expect(verdictAt(north)).toHaveAttribute("data-result", "admittedOffline");
      await expect(verdictAt(south)).toHaveAttribute("data-result", "admittedOffline");
      await expect(south.page.getByTestId("door-status")).toContainText("1 admission waiting to sync");
      await scan(south, "en-US", firstAgain);
      await expect(verdictAt(south)).toHaveAttribute("data-result", "alreadyAdmitted");
      await expect(verdictAt(south)).toContainText("Let in at North 1");

      // North syncs first; South, on its sync, is told the ticket went in at North first.
      await north.page.context().setOffline(false);
      await expect(north.page.getByTestId("door-status")).not.toContainText("waiting to sync", { timeout: 15_000 });
      await south.page.context().setOffline(false);
      await expect(south.page.getByTestId("door-conflict")).toHaveText(new RegExp(`^Ticket #${second} was let in first at North 1 `), { timeout: 15_000 });

      // The scanner opened once online comes back with no signal, with what it knew.
      await south.page.context().setOffline(true);
      await south.page.reload();
      await expect(south.page.getByRole("heading", { level: 1 })).toHaveText("Door scanner");
      await scan(south, "en-US", code);
      await expect(verdictAt(south)).toHaveAttribute("data-result", "alreadyAdmitted");
    } finally {
      await north.close();
      await south.close();
    }
  });
});

