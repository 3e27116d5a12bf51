import { buyTwo, providerListing } from "./support/delivery";
import { describeCells, expect, test } from "./support/fixtures";

/** A 240 × 160 PNG (colour bands). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAPAAAACgCAIAAAC9uXYyAAABbklEQVR42u3SIRGAABBFQZJQA0MI9NcYGqDRNMAQghAYOpHgCtzszCZ484YxL7QxSIChwdBgaDA0hgZDg6HB0GBoDA2GBkODocHQGBoMDYYGQ0M59JQH2jA0hgZDg6HB0BgaDA2GBkODoTE0GBoMDYYGQ2NoMDQYGgwN9dBLbmjD0BgaDA2GBkNjaDA0GBoMDYbG0GBoMDQYGgyNocHQYGgwNNRDbzmhDUNjaDA0GBoMjaHB0GBoMDQYGkODocHQYGgwNIYGQ4OhwdBQD31khzYMjaHB0GBoMDSGBkODocHQYGgMDYYGQ4OhwdAYGgwNhgZDQz30lRXaMDSGBkODocHQGBoMDYYGQ4OhMTQYGgwNhgZDY2gwNBgaDA310E8WaMPQGBoMDYYGQ2NoMDQYGgwNhsbQYGgwNBgaDI2hwdBgaDA01EN/maENQ2NoMDQYGgyNocHQYGgwNBgaQ4OhwdBgaDA0hgZDg6HB0FD6AU4YzIyhkv0yAAAAAElFTkSuQmCC",
  "base64",
);

describeCells("form", "Chat media", ({ language, javaScriptEnabled, say }) => {
  test.describe.configure({ timeout: 150_000 });

  test("a buyer sends a photo to support and sees the order's venue on the Location page", async ({ page }) => {
    const orderId = await buyTwo(page, language, await providerListing(page.request, "E_TICKET"));
    await page.goto("/chat?support=1");
    await expect(page).toHaveURL(/\/chat\?id=\d+$/);
    // With JavaScript a chosen photo is sent at once; without it, the Send photo button sends it.
    const sendPhoto = async () => {
      if (!javaScriptEnabled) await page.getByRole("button", { name: say("Send photo", "傳送相片"), exact: true }).click();
    };
    if (javaScriptEnabled) await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-live", "live");
    await page.locator("input[type=file]").setInputFiles({ name: "seat.png", mimeType: "image/png", buffer: PNG });
    await sendPhoto();
    const image = page.getByTestId("chat-image").last().locator("img");
    await expect(image).toHaveAttribute("width", "200");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await page.screenshot({ path: `test-results/chat-image-${language}-${javaScriptEnabled ? "js" : "nojs"}.png` });

    await page.locator("input[type=file]").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("plain text") });
    await sendPhoto();
    await expect(page.getByTestId("chat-image-error")).toHaveText(
      say("Send a PNG, JPEG, WebP or GIF image of at most 10 MB.", "請傳送不超過 10 MB 的 PNG、JPEG、WebP 或 GIF 圖片。"),
    );

    await page.goto(`/chat-location?orderId=${orderId}`);
    await expect(page.getByTestId("venue-name")).toBeVisible();
    await expect(page.getByTestId("venue-map")).toBeVisible();
    await page.screenshot({ path: `test-results/chat-location-${language}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });
  });
});
