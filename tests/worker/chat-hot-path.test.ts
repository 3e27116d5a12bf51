/**
 * Chat off D1's hot path: a message sent on an open socket is decided by what the conversation's
 * object kept when the socket was admitted, stored and delivered with no D1 statement; the D1
 * index (the list, unread counts) follows in batches that count each message once.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { expect, test, vi } from "vitest";
import { disableAccount } from "../../functions/market/accounts";
import { groupMembers, joinAsSupport, listConversations, type ServerFrame } from "../../functions/market/messaging";
import { indexEntries } from "../../functions/market/messaging/message-index";
import type { ConversationObject } from "../../functions/market/messaging/conversation-object";
import { clientId, DAY, LiveSocket, openOrderChat, orderChat } from "./support/chat";
import { loggedD1 } from "./support/d1-log";

/** The conversation's object itself, as the Worker names it. */
function objectOf(conversationId: number) {
  return env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(String(conversationId))) as DurableObjectStub<ConversationObject>;
}

/** Hands the conversation's object a D1 binding that writes `d1 <call>` into `log` for every round trip (support/d1-log.ts). */
async function recordD1Of(conversationId: number, log: string[]) {
  await runInDurableObject(objectOf(conversationId), (instance) => {
    (instance as unknown as { env: Env }).env = { ...env, DB: loggedD1(env.DB, log) };
  });
}

/** Writes `received` into `log` when the socket is sent a message. */
function recordReceipt(socket: LiveSocket, log: string[]) {
  socket.socket.addEventListener("message", (event) => {
    if ((JSON.parse(String(event.data)) as ServerFrame).type === "message") log.push("received");
  });
}

const messagesOf = (socket: LiveSocket) => socket.frames.filter((frame) => frame.type === "message");

test("a message sent on an open socket reaches the other member's socket before any D1 statement; the index follows in one batch", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);
  const log: string[] = [];
  await recordD1Of(chat.conversationId, log);
  recordReceipt(provider, log);

  buyer.send({ type: "send", clientId: clientId(), text: "Which gate?" });
  await provider.waitFor((frame) => frame.type === "message");
  const beforeReceipt = log.slice(0, log.indexOf("received"));
  await objectOf(chat.conversationId).flush();

  expect(beforeReceipt).toEqual([]);
  expect(log.filter((entry) => entry === "d1 batch")).toEqual(["d1 batch"]);
  const list = await listConversations(chat.provider.market, { page: 1, pageSize: 20 });
  expect(list.list.map((item) => [item.lastMessagePreview, item.unreadCount])).toEqual([["Which gate?", 1]]);
  buyer.close();
  provider.close();
});

test("after the batch the list shows the last message and the unread count once, however often the batch is written", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  buyer.send({ type: "send", clientId: clientId(), text: "First" });
  buyer.send({ type: "send", clientId: clientId(), text: "Second" });
  await buyer.waitFor((frame) => frame.type === "message", 2);

  const object = objectOf(chat.conversationId);
  await object.flush();
  await object.flush();
  // A write whose answer was lost is written again: the same entries, once more.
  const entries = (await object.history({ since: 0, notBefore: 0, limit: 10 })).map((message) => ({ message, senderRole: "buyer" as const }));
  await indexEntries(chat.buyer, chat.conversationId, entries);

  const provider = await listConversations(chat.provider.market, { page: 1, pageSize: 20 });
  const own = await listConversations(chat.buyer, { page: 1, pageSize: 20 });
  expect(provider.list.map((item) => [item.lastMessagePreview, item.unreadCount])).toEqual([["Second", 2]]);
  expect(provider.unreadTotal).toBe(2);
  expect(own.list.map((item) => [item.lastMessagePreview, item.unreadCount])).toEqual([["Second", 0]]);
  buyer.close();
});

test("the 21st message in a minute on a socket is refused with requestTooFrequent, and a repeated client id gets the stored message back", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);
  const ids = Array.from({ length: 21 }, () => clientId());

  for (const [index, id] of ids.entries()) buyer.send({ type: "send", clientId: id, text: `Message ${index + 1}` });
  const [refused] = await buyer.waitFor((frame) => frame.type === "error");
  buyer.send({ type: "send", clientId: ids[4], text: "Message 5, again" });
  await buyer.waitFor((frame) => frame.type === "message", 21);
  await provider.waitFor((frame) => frame.type === "message", 20);

  expect(refused).toMatchObject({ type: "error", clientId: ids[20], code: 12304 });
  expect(messagesOf(provider)).toHaveLength(20);
  expect(messagesOf(buyer).at(-1)).toMatchObject({ type: "message", message: { seq: 5, clientId: ids[4], text: "Message 5" } });
  buyer.close();
  provider.close();
});

test("a blocked account's socket can no longer send, even a frame already on its way", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const closed = new Promise<number>((resolve) => buyer.socket.addEventListener("close", (event) => resolve(event.code)));

  await disableAccount(chat.support.market, chat.buyerId);
  // The frame the buyer's socket had sent as the account was blocked, as the object is handed it.
  const late = { deserializeAttachment: () => ({ userId: chat.buyerId, conversationId: chat.conversationId, role: "buyer", language: "en-US" }), close: vi.fn(), send: vi.fn() };
  await runInDurableObject(objectOf(chat.conversationId), (instance) =>
    instance.webSocketMessage(late as unknown as WebSocket, JSON.stringify({ type: "send", clientId: clientId(), text: "Still here" })),
  );

  expect(await closed).toBe(4401);
  expect(late.close).toHaveBeenCalledWith(4401, "signed out");
  expect(late.send).not.toHaveBeenCalled();
  expect(await objectOf(chat.conversationId).history({ since: 0, notBefore: 0, limit: 10 })).toEqual([]);
});

test("support joining lets the buyer's open socket write before the window and tells it the members changed", async () => {
  const chat = await orderChat({ at: Date.now(), startsInMs: 3 * DAY });
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);
  buyer.send({ type: "send", clientId: clientId(), text: "Too early?" });
  const [early] = await buyer.waitFor((frame) => frame.type === "error");

  await joinAsSupport(chat.support.market, chat.conversationId);
  const [joined] = await buyer.waitFor((frame) => frame.type === "members");
  buyer.send({ type: "send", clientId: clientId(), text: "Now then" });
  await provider.waitFor((frame) => frame.type === "message" && frame.message.kind === "text");

  expect(early).toMatchObject({ type: "error", code: 680001 });
  expect(joined).toEqual({ type: "members", supportJoinedAt: expect.any(Number) });
  expect(provider.texts()).toEqual(["Now then"]);
  expect((await groupMembers(chat.buyer, chat.conversationId)).map((member) => member.role)).toEqual(["buyer", "provider", "support"]);
  buyer.close();
  provider.close();
});
