/** Images and the venue's location in chat: checked by their bytes, kept in R2, shown to the conversation's members only. */
import { SELF, env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { cutOldMessages, recallMessage } from "../../functions/market/messaging";
import { sendImage, sniffImage } from "../../functions/market/messaging/media";
import { ORIGIN, page } from "./support/api";
import { makeBuyer, seedCurrencies } from "./support/buying";
import { clientId, cookieFor, DAY, openOrderChat, orderChat, HOUR } from "./support/chat";
import { tokenHeaders } from "./support/delivery";

beforeAll(seedCurrencies);

/** A PNG's signature and header: 3 × 2 pixels. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]);

function imageForm(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, type = "image/png", name = "seat.png") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("file", new File([bytes], name, { type }));
  return form;
}

async function postImage(userId: number, conversationId: number, bytes: Uint8Array<ArrayBuffer>, id = clientId()) {
  const response = await SELF.fetch(`${ORIGIN}/user/im/v1/message/image`, {
    method: "POST",
    headers: await tokenHeaders(userId),
    body: imageForm({ conversationId: String(conversationId), clientMessageId: id }, bytes),
  });
  return { status: response.status, body: (await response.json()) as { statusCode: number; message: string; data: Record<string, unknown> } };
}

async function getImage(userId: number, conversationId: number, seq: number) {
  return SELF.fetch(`${ORIGIN}/user/im/v1/message/image?conversationId=${conversationId}&seq=${seq}`, { headers: await tokenHeaders(userId) });
}

test("an image is told by its bytes: PNG, JPEG, GIF and WebP with their sizes, anything else is none", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0, 480, 0, 0, 0, 0, 0, 0]);
  jpeg[13] = 0x01; // height 0x01E0 = 480
  jpeg[14] = 0xe0;
  jpeg[15] = 0x02; // width 0x0280 = 640
  jpeg[16] = 0x80;
  const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 10, 0, 20, 0]);
  const webp = new Uint8Array(30);
  webp.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58]);
  webp.set([99, 0, 0, 49, 0, 0], 24);

  expect(sniffImage(PNG)).toEqual({ type: "image/png", width: 3, height: 2 });
  expect(sniffImage(jpeg)).toEqual({ type: "image/jpeg", width: 640, height: 480 });
  expect(sniffImage(gif)).toEqual({ type: "image/gif", width: 10, height: 20 });
  expect(sniffImage(webp)).toEqual({ type: "image/webp", width: 100, height: 50 });
  expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
});

test("a buyer sends an image through the API, the provider gets its bytes, a third account gets not found", async () => {
  const chat = await openOrderChat();
  const stranger = await makeBuyer();

  const sent = await postImage(chat.buyerId, chat.conversationId, PNG);
  const seen = await getImage(chat.provider.userId, chat.conversationId, 1);
  const refusedRead = await getImage(stranger, chat.conversationId, 1);
  const refusedSend = await postImage(stranger, chat.conversationId, PNG);
  const refusedPage = await page(`/chat-image?id=${chat.conversationId}&seq=1`, { headers: { cookie: await cookieFor(stranger) } });

  expect(sent.status).toBe(200);
  expect(sent.body.data).toMatchObject({ seq: 1, kind: "image", text: '{"type":"image/png","width":3,"height":2,"size":29,"sha256":"c3d7324abe44d11a87d132ad29eb624d55ee616902c3bfd960ea4ec254a48cd4"}' });
  expect(seen.status).toBe(200);
  expect(seen.headers.get("content-type")).toBe("image/png");
  expect(seen.headers.get("cache-control")).toBe("private, no-store");
  expect([...new Uint8Array(await seen.arrayBuffer())]).toEqual([...PNG]);
  expect(refusedRead.status).toBe(404);
  await refusedRead.body?.cancel();
  expect(refusedSend.status).toBe(404);
  expect(refusedPage.status).toBe(404);
  await refusedPage.body?.cancel();
  const list = await env.FILES.list({ prefix: `chat/conversation-${chat.conversationId}/` });
  expect(list.objects.length).toBe(1);
});

test("a file that is not an image by its bytes, or over 10 MB, is refused with the reason", async () => {
  const chat = await openOrderChat();
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(PNG);

  const text = await postImage(chat.buyerId, chat.conversationId, new TextEncoder().encode("not really a picture"));
  const tooBig = await postImage(chat.buyerId, chat.conversationId, big);

  // The API's envelope carries the refusal (SPEC §8: HTTP 200 for business refusals); the form answers 400.
  expect(text.status).toBe(200);
  expect(text.body).toMatchObject({ statusCode: 680004, message: "Send a PNG, JPEG, WebP or GIF image of at most 10 MB." });
  expect(tooBig.body.statusCode).toBe(680004);
  const list = await env.FILES.list({ prefix: `chat/conversation-${chat.conversationId}/` });
  expect(list.objects.length).toBe(0);
});

test("without JavaScript an image is a form post that comes back to the chat, shown as a lazy thumbnail", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(chat.buyerId);
  const fields = { intent: "image", conversationId: String(chat.conversationId), clientMessageId: "photopost0001" };

  const sent = await page(`/chat?id=${chat.conversationId}`, { method: "POST", headers: { cookie }, body: imageForm(fields, PNG) });
  const html = await (await page(`/chat?id=${chat.conversationId}`, { headers: { cookie } })).text();

  expect(sent.status).toBe(302);
  expect(sent.headers.get("location")).toBe(`/chat?id=${chat.conversationId}#latest`);
  expect(html).toContain(`<img src="/chat-image?id=${chat.conversationId}&amp;seq=1" width="3" height="2" loading="lazy"`);
  expect(html).toContain(`href="/chat-image?id=${chat.conversationId}&amp;seq=1"`);
  const served = await page(`/chat-image?id=${chat.conversationId}&seq=1`, { headers: { cookie } });
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  await served.body?.cancel();
});

test("a refused file posted by form stays on the chat with the reason in the viewer's language", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(chat.buyerId, "zh-HK");
  const fields = { intent: "image", conversationId: String(chat.conversationId), clientMessageId: "photopost0002" };

  const refused = await page(`/chat?id=${chat.conversationId}`, {
    method: "POST",
    headers: { cookie },
    body: imageForm(fields, new TextEncoder().encode("%PDF-1.7"), "image/png"),
  });

  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("請傳送不超過 10 MB 的 PNG、JPEG、WebP 或 GIF 圖片。");
});

test("a recalled image and one past the 30-day cut are deleted from storage", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  const file = { name: "a.png", type: "image/png", bytes: PNG };
  await sendImage(chat.buyer, { conversationId: chat.conversationId, clientMessageId: "recalled0001", file });
  await sendImage(chat.buyer, { conversationId: chat.conversationId, clientMessageId: "keptlong0001", file });
  const folder = `chat/conversation-${chat.conversationId}/`;

  await recallMessage(chat.buyer, { conversationId: chat.conversationId, seq: 1 });
  const afterRecall = (await env.FILES.list({ prefix: folder })).objects.map((object) => object.key);
  chat.clock.advance(31 * DAY);
  await cutOldMessages(chat.buyer);
  const afterCut = await env.FILES.list({ prefix: folder });

  // Both messages show the same bytes, kept once under their hash: the recall leaves them to the other.
  expect(afterRecall).toEqual([`${folder}sha256-c3d7324abe44d11a87d132ad29eb624d55ee616902c3bfd960ea4ec254a48cd4`]);
  expect(afterCut.objects.length).toBe(0);
});

test("'Send location' posts the venue's location; its page shows the venue to the chat's members only", async () => {
  const chat = await openOrderChat();
  const buyer = await cookieFor(chat.buyerId);
  const stranger = await cookieFor(await makeBuyer());
  const fields = { intent: "location", conversationId: String(chat.conversationId), clientMessageId: "placepost0001" };

  const sent = await page(`/chat?id=${chat.conversationId}`, { method: "POST", headers: { cookie: buyer, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  const html = await (await page(`/chat?id=${chat.conversationId}`, { headers: { cookie: buyer } })).text();
  const forProvider = await page(`/chat-location?orderId=${chat.orderId}`, { headers: { cookie: await cookieFor(chat.provider.userId, "zh-HK") } });
  const forStranger = await page(`/chat-location?orderId=${chat.orderId}`, { headers: { cookie: stranger } });
  const strangerSends = await page(`/chat?id=${chat.conversationId}`, { method: "POST", headers: { cookie: stranger, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ ...fields, clientMessageId: "placepost0002" }).toString() });

  expect(sent.status).toBe(302);
  expect(html).toContain(`href="/chat-location?orderId=${chat.orderId}"`);
  expect(html).toContain("Venue location");
  expect(forProvider.status).toBe(200);
  const place = await forProvider.text();
  expect(place).toContain("海港體育館");
  expect(place).toContain("體育館道1號");
  expect(place).toContain('data-testid="venue-map"');
  expect(place).toContain("https://maps.apple.com/");
  expect(forStranger.status).toBe(404);
  await forStranger.body?.cancel();
  expect(strangerSends.status).toBe(404);
  await strangerSends.body?.cancel();
});
