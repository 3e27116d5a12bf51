/** Chat's live door: sockets on a conversation's Durable Object. */
import { expect, test } from "vitest";
import { makeBuyer } from "./support/buying";
import { clientId, LiveSocket, openOrderChat, requestSocket, say, userSigOf } from "./support/chat";
import { api } from "./support/api";
import { tokenHeaders } from "./support/delivery";

test("two sockets exchange messages live", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);

  buyer.send({ type: "send", clientId: clientId(), text: "Hi, where do we meet?" });
  await provider.waitFor((frame) => frame.type === "message");
  provider.send({ type: "send", clientId: clientId(), text: "Gate B, 7pm." });
  await buyer.waitFor((frame) => frame.type === "message", 2);

  expect(buyer.texts()).toEqual(["Hi, where do we meet?", "Gate B, 7pm."]);
  expect(provider.texts()).toEqual(["Hi, where do we meet?", "Gate B, 7pm."]);
  const [first] = await provider.waitFor((frame) => frame.type === "message");
  expect(first).toMatchObject({ type: "message", message: { seq: 1, senderId: chat.buyerId, kind: "text" } });
  buyer.close();
  provider.close();
});

test("read receipts and typing reach the other member and not the sender", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);
  await say(chat.buyer, chat.conversationId, "Are the tickets sent?");
  await provider.waitFor((frame) => frame.type === "message");

  provider.send({ type: "typing" });
  provider.send({ type: "read", seq: 1 });
  await buyer.waitFor((frame) => frame.type === "read");

  expect(buyer.frames.filter((frame) => frame.type === "typing" || frame.type === "read")).toEqual([
    { type: "typing", userId: chat.provider.userId },
    { type: "read", userId: chat.provider.userId, seq: 1 },
  ]);
  expect(provider.frames.some((frame) => frame.type === "typing" || frame.type === "read")).toBe(false);
  buyer.close();
  provider.close();
});

test("a dropped socket resumes from its last sequence with nothing lost or repeated", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  await say(chat.provider.market, chat.conversationId, "one");
  await buyer.waitFor((frame) => frame.type === "message");
  buyer.close();

  await say(chat.provider.market, chat.conversationId, "two");
  await say(chat.provider.market, chat.conversationId, "three");
  const resumed = await LiveSocket.open(chat.conversationId, chat.buyerId, 1);
  await resumed.waitFor((frame) => frame.type === "message", 2);
  await say(chat.provider.market, chat.conversationId, "four");
  await resumed.waitFor((frame) => frame.type === "message", 3);

  expect(resumed.frames[0]).toEqual({ type: "hello", lastSeq: 3, reads: {} });
  expect(resumed.texts()).toEqual(["two", "three", "four"]);
  expect(resumed.frames.flatMap((frame) => (frame.type === "message" ? [frame.message.seq] : []))).toEqual([2, 3, 4]);
  resumed.close();
});

test("a send retried with the same client message id is stored and delivered once", async () => {
  const chat = await openOrderChat();
  const provider = await LiveSocket.open(chat.conversationId, chat.provider.userId);
  const id = clientId();

  const first = await say(chat.buyer, chat.conversationId, "Is the seat aisle?", id);
  const again = await say(chat.buyer, chat.conversationId, "Is the seat aisle?", id);
  await say(chat.buyer, chat.conversationId, "Thanks");
  await provider.waitFor((frame) => frame.type === "message", 2);

  expect(again.seq).toBe(first.seq);
  expect(provider.texts()).toEqual(["Is the seat aisle?", "Thanks"]);
  provider.close();
});

test("a third account is refused on the socket", async () => {
  const chat = await openOrderChat();
  const stranger = await makeBuyer();

  const refused = await requestSocket(chat.conversationId, await userSigOf(stranger));
  const forged = await requestSocket(chat.conversationId, `${chat.buyerId}.9999999999999.${"A".repeat(43)}`);

  expect(refused.status).toBe(404);
  expect(refused.webSocket).toBeNull();
  expect(forged.status).toBe(401);
});

test("a third account is refused on the API", async () => {
  const chat = await openOrderChat();
  await say(chat.buyer, chat.conversationId, "private");
  const headers = await tokenHeaders(await makeBuyer());

  const history = await api(`/user/im/v1/message/list?conversationId=${chat.conversationId}`, { headers });
  const send = await api("/user/im/v1/message/send", { headers, body: { conversationId: chat.conversationId, clientMessageId: clientId(), text: "hello" } });
  const members = await api(`/user/im/v1/group/members?conversationId=${chat.conversationId}`, { headers });
  const open = await api("/user/im/v1/conversation/open", { headers, body: { orderId: chat.orderId } });
  const list = await api<{ list: unknown[] }>("/user/im/v1/conversation/list", { headers });

  for (const refusal of [history, send, members, open]) expect(refusal.body.statusCode).toBe(404);
  expect(list.body.data.list).toEqual([]);
});

test("a signed-out account's sockets are closed", async () => {
  const chat = await openOrderChat();
  const buyer = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const closed = new Promise<number>((resolve) => buyer.socket.addEventListener("close", (event) => resolve(event.code)));

  const { closeSocketsOf } = await import("../../functions/market/messaging");
  expect(await closeSocketsOf(chat.buyer, chat.buyerId)).toBe(1);
  expect(await closed).toBe(4401);
});
