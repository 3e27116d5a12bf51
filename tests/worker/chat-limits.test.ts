/** Chat's smaller limits: a sent image's bytes are fixed, typing is relayed sparingly, a missing message does not close the socket. */
import { SELF, env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { recallMessage } from "../../functions/market/messaging";
import { sendImage } from "../../functions/market/messaging/media";
import { ORIGIN } from "./support/api";
import { seedCurrencies } from "./support/buying";
import { clientId, HOUR, LiveSocket, openOrderChat, orderChat } from "./support/chat";
import { tokenHeaders } from "./support/delivery";

beforeAll(async () => {
  await seedCurrencies();
});

/** A PNG's signature and header: 3 × 2 pixels, and another of 9 × 9. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]);
const OTHER_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 9, 0, 0, 0, 9, 8, 6, 0, 0, 0]);
const PNG_SHA256 = "c3d7324abe44d11a87d132ad29eb624d55ee616902c3bfd960ea4ec254a48cd4";
const OTHER_SHA256 = "480bc3d676b6b86f4090271cbb9162ed01e68b2a5d5ebbeac8ed8ca1f8a24dbf";

async function postImage(userId: number, conversationId: number, bytes: Uint8Array<ArrayBuffer>, id: string) {
  const form = new FormData();
  form.set("conversationId", String(conversationId));
  form.set("clientMessageId", id);
  form.set("file", new File([bytes], "seat.png", { type: "image/png" }));
  const response = await SELF.fetch(`${ORIGIN}/user/im/v1/message/image`, { method: "POST", headers: await tokenHeaders(userId), body: form });
  return (await response.json()) as { statusCode: number; data: { seq: number; text: string } };
}

async function imageBytes(userId: number, conversationId: number, seq: number): Promise<number[]> {
  const response = await SELF.fetch(`${ORIGIN}/user/im/v1/message/image?conversationId=${conversationId}&seq=${seq}`, { headers: await tokenHeaders(userId) });
  return [...new Uint8Array(await response.arrayBuffer())];
}

test("a sent image's bytes are named by their hash: another upload under the same message id changes nothing the message shows", async () => {
  const chat = await openOrderChat();
  const folder = `chat/conversation-${chat.conversationId}/`;

  const sent = await postImage(chat.buyerId, chat.conversationId, PNG, "photoswap0001");
  const swapped = await postImage(chat.buyerId, chat.conversationId, OTHER_PNG, "photoswap0001");
  const seen = await imageBytes(chat.provider.userId, chat.conversationId, 1);
  const keys = (await env.FILES.list({ prefix: folder })).objects.map((object) => object.key).sort();

  expect(sent.data).toMatchObject({ seq: 1, text: `{"type":"image/png","width":3,"height":2,"size":29,"sha256":"${PNG_SHA256}"}` });
  expect(swapped.data).toMatchObject({ seq: 1, text: `{"type":"image/png","width":3,"height":2,"size":29,"sha256":"${PNG_SHA256}"}` });
  expect(seen).toEqual([...PNG]);
  // The other bytes may sit under their own hash, but no message names them.
  expect(keys).toEqual([`${folder}sha256-${OTHER_SHA256}`, `${folder}sha256-${PNG_SHA256}`]);
});

test("bytes already stored under their hash are never written again, and a recall keeps bytes another message shows", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  const folder = `chat/conversation-${chat.conversationId}/`;
  const file = { name: "a.png", type: "image/png", bytes: PNG };
  await sendImage(chat.buyer, { conversationId: chat.conversationId, clientMessageId: "samebytes001", file });
  const first = await env.FILES.head(`${folder}sha256-${PNG_SHA256}`);
  await sendImage(chat.buyer, { conversationId: chat.conversationId, clientMessageId: "samebytes002", file });
  const second = await env.FILES.head(`${folder}sha256-${PNG_SHA256}`);

  await recallMessage(chat.buyer, { conversationId: chat.conversationId, seq: 1 });
  const afterOne = (await env.FILES.list({ prefix: folder })).objects.length;
  await recallMessage(chat.buyer, { conversationId: chat.conversationId, seq: 2 });
  const afterBoth = (await env.FILES.list({ prefix: folder })).objects.length;

  expect(second?.etag).toBe(first?.etag);
  expect(second?.uploaded.getTime()).toBe(first?.uploaded.getTime());
  expect(afterOne).toBe(1);
  expect(afterBoth).toBe(0);
});

test("thirty typing frames in a burst reach the other member once; after 2.5 s one more is relayed", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);

  for (let i = 0; i < 30; i++) provider.send({ type: "typing" });
  provider.send({ type: "send", clientId: clientId(), text: "after the burst" });
  // The object handles a socket's frames in order: every typing frame relayed is before this message.
  await buyer.waitFor((frame) => frame.type === "message");
  const burst = buyer.frames.filter((frame) => frame.type === "typing").length;

  await new Promise((resolve) => setTimeout(resolve, 2600));
  provider.send({ type: "typing" });
  provider.send({ type: "typing" });
  provider.send({ type: "send", clientId: clientId(), text: "later" });
  await buyer.waitFor((frame) => frame.type === "message", 2);

  expect(burst).toBe(1);
  expect(buyer.frames.filter((frame) => frame.type === "typing")).toEqual([
    { type: "typing", userId: chat.provider.userId },
    { type: "typing", userId: chat.provider.userId },
  ]);
  // Dropped without a word: the sender got no error for them.
  expect(provider.frames.filter((frame) => frame.type === "error")).toEqual([]);
  buyer.close();
  provider.close();
});

test("a reply to or a recall of a message that is not there is answered with an error frame and the socket stays open", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  let closedWith: number | null = null;
  buyer.socket.addEventListener("close", (event) => {
    closedWith = event.code;
  });

  const replyId = clientId();
  buyer.send({ type: "send", clientId: replyId, text: "about that one", replyTo: 999 });
  await buyer.waitFor((frame) => frame.type === "error");
  buyer.send({ type: "recall", seq: 998 });
  await buyer.waitFor((frame) => frame.type === "error", 2);
  buyer.send({ type: "send", clientId: clientId(), text: "still here" });
  await buyer.waitFor((frame) => frame.type === "message");

  expect(buyer.frames.filter((frame) => frame.type === "error")).toEqual([
    { type: "error", clientId: replyId, code: 404, message: "We couldn't find that page." },
    { type: "error", code: 404, message: "We couldn't find that page." },
  ]);
  expect(buyer.texts()).toEqual(["still here"]);
  expect(closedWith).toBeNull();
  buyer.close();
});
