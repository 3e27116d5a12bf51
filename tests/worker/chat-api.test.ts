/** Chat's JSON API and the per-member index: lists, unread, pin/mute/hide, support, reports, the offline email. */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import {
  emailOfflineMembers,
  listConversations,
  openSupportConversation,
  setMemberSetting,
  supportQueue,
  type MemberSetting,
} from "../../functions/market/messaging";
import { mailsTo } from "./support/after-sales";
import { api } from "./support/api";
import { marketFor, makeBuyer } from "./support/buying";
import { clientId, HOUR, openOrderChat, orderChat, say } from "./support/chat";
import { clockAt } from "./support/buying";
import { supportOn, tokenHeaders } from "./support/delivery";

const MINUTE = 60_000;

test("a buyer opens the order's chat, sends through the API and the provider sees it unread in the list", async () => {
  const chat = await openOrderChat();
  const buyer = await tokenHeaders(chat.buyerId);
  const provider = await tokenHeaders(chat.provider.userId);

  const opened = await api<{ conversationId: number; role: string; group: boolean }>("/user/im/v1/conversation/open", { headers: buyer, body: { orderId: chat.orderId } });
  const sent = await api<{ seq: number; text: string }>("/user/im/v1/message/send", {
    headers: buyer,
    body: { conversationId: chat.conversationId, clientMessageId: clientId(), text: "Are the tickets transferable?" },
  });
  const list = await api<{ list: Record<string, unknown>[]; unreadTotal: number; hasMore: boolean }>("/user/im/v1/conversation/list", { headers: provider });

  expect(opened.body.data).toMatchObject({ conversationId: chat.conversationId, role: "buyer", group: false });
  expect(sent.body).toMatchObject({ statusCode: 200, data: { seq: 1, text: "Are the tickets transferable?" } });
  expect(list.body.data.unreadTotal).toBe(1);
  expect(list.body.data.hasMore).toBe(false);
  expect(list.body.data.list).toEqual([
    expect.objectContaining({
      id: chat.conversationId,
      kind: "order",
      role: "provider",
      counterpartRole: "buyer",
      lastMessagePreview: "Are the tickets transferable?",
      unreadCount: 1,
      pinned: false,
      muted: false,
    }),
  ]);

  await api("/user/im/v1/message/read", { headers: provider, body: { conversationId: chat.conversationId, seq: 1 } });
  const unread = await api<{ unreadTotal: number }>("/user/im/v1/unread", { headers: provider });
  expect(unread.body.data.unreadTotal).toBe(0);
});

test("history pages go back by sequence, newest first", async () => {
  const chat = await openOrderChat();
  for (const text of ["a", "b", "c", "d", "e"]) await say(chat.buyer, chat.conversationId, text);
  const headers = await tokenHeaders(chat.provider.userId);

  const first = await api<{ list: { seq: number; text: string }[]; nextBefore: number | null }>(
    `/user/im/v1/message/list?conversationId=${chat.conversationId}&pageSize=2`,
    { headers },
  );
  const second = await api<{ list: { seq: number; text: string }[]; nextBefore: number | null }>(
    `/user/im/v1/message/list?conversationId=${chat.conversationId}&pageSize=2&before=${first.body.data.nextBefore}`,
    { headers },
  );

  expect(first.body.data.list.map((m) => m.text)).toEqual(["e", "d"]);
  expect(first.body.data.nextBefore).toBe(4);
  expect(second.body.data.list.map((m) => m.text)).toEqual(["c", "b"]);
});

test("bad input is invalidParam naming the field, never a 500", async () => {
  const chat = await openOrderChat();
  const headers = await tokenHeaders(chat.buyerId);

  const tooLong = await api("/user/im/v1/message/send", {
    headers,
    body: { conversationId: chat.conversationId, clientMessageId: clientId(), text: "x".repeat(2001) },
  });
  const badId = await api("/user/im/v1/message/send", { headers, body: { conversationId: [1], clientMessageId: clientId(), text: "hi" } });
  const badFlag = await api("/user/im/v1/conversation/setting", { headers, body: { conversationId: chat.conversationId, setting: "pin", on: "yes" } });
  const guest = await api(`/user/im/v1/conversation/list`);

  expect(tooLong.body.statusCode).toBe(12308);
  expect(tooLong.body.message).toContain("text");
  expect(badId.body.statusCode).toBe(12308);
  expect(badFlag.body.statusCode).toBe(12308);
  expect(guest.body.statusCode).toBe(12306);
});

test("pinned conversations come first, hidden ones return with a newer message, muted ones leave the tab count", async () => {
  const clock = clockAt(Date.now());
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  const support = await openSupportConversation(chat.buyer);
  await say(chat.provider.market, chat.conversationId, "Tickets sent");
  chat.clock.advance(MINUTE);
  await say(chat.support.market, support.conversation.id, "How can we help?");
  const setting = (setting: MemberSetting, on: boolean, conversationId = chat.conversationId) =>
    setMemberSetting(chat.buyer, { conversationId, setting, on });

  const newestFirst = await listConversations(chat.buyer, { page: 1, pageSize: 20 });
  await setting("pin", true);
  const pinned = await listConversations(chat.buyer, { page: 1, pageSize: 20 });
  await setting("hide", true, support.conversation.id);
  const hidden = await listConversations(chat.buyer, { page: 1, pageSize: 20 });
  chat.clock.advance(MINUTE);
  await say(chat.support.market, support.conversation.id, "Still there?");
  const returned = await listConversations(chat.buyer, { page: 1, pageSize: 20 });
  await setting("mute", true, support.conversation.id);
  const muted = await listConversations(chat.buyer, { page: 1, pageSize: 20 });

  expect(newestFirst.list.map((c) => c.kind)).toEqual(["support", "order"]);
  expect(pinned.list.map((c) => [c.kind, c.pinned])).toEqual([["order", true], ["support", false]]);
  expect(hidden.list.map((c) => c.kind)).toEqual(["order"]);
  expect(returned.list.map((c) => [c.kind, c.unreadCount])).toEqual([["order", 1], ["support", 2]]);
  expect(returned.unreadTotal).toBe(3);
  expect(muted.unreadTotal).toBe(1);
  expect((await listConversations(buyer, { page: 1, pageSize: 20 })).list).toEqual([]);
});

test("support's queue orders buyers by waiting time against the 48-hour promise, and a reply takes them off it", async () => {
  const clock = clockAt(Date.now());
  const staff = await supportOn(clock);
  const early = marketFor(await makeBuyer(), clock);
  const late = marketFor(await makeBuyer(), clock);
  const earlyChat = await openSupportConversation(early);
  await say(early, earlyChat.conversation.id, "My tickets never came");
  clock.advance(49 * HOUR);
  const lateChat = await openSupportConversation(late);
  await say(late, lateChat.conversation.id, "How do I change my email?");
  clock.advance(HOUR);

  const queue = (await supportQueue(staff.market, { limit: 100 })).filter((item) => [earlyChat.conversation.id, lateChat.conversation.id].includes(item.id));
  await say(staff.market, earlyChat.conversation.id, "Sorry for the wait, looking now");
  const after = (await supportQueue(staff.market, { limit: 100 })).filter((item) => [earlyChat.conversation.id, lateChat.conversation.id].includes(item.id));

  expect(queue.map((item) => [item.id, item.waitingMs, item.overdue])).toEqual([
    [earlyChat.conversation.id, 50 * HOUR, true],
    [lateChat.conversation.id, HOUR, false],
  ]);
  expect(after.map((item) => item.id)).toEqual([lateChat.conversation.id]);
  const buyerQueue = await api("/support/v1/im/queue", { headers: await tokenHeaders(await makeBuyer()) });
  expect(buyerQueue.body.statusCode).toBe(404);
});

test("support joining an order's chat makes it a group of buyer, provider and support", async () => {
  const chat = await openOrderChat();
  const supportHeaders = await tokenHeaders(chat.support.userId);
  const buyerHeaders = await tokenHeaders(chat.buyerId);

  const byBuyer = await api("/user/im/v1/group/join", { headers: buyerHeaders, body: { conversationId: chat.conversationId } });
  const joined = await api<{ group: boolean; role: string }>("/user/im/v1/group/join", { headers: supportHeaders, body: { conversationId: chat.conversationId } });
  const members = await api<{ role: string; name: string }[]>(`/user/im/v1/group/members?conversationId=${chat.conversationId}`, { headers: buyerHeaders });

  expect(byBuyer.body.statusCode).toBe(404);
  expect(joined.body.data).toMatchObject({ group: true, role: "support" });
  expect(members.body.data.map((member) => member.role)).toEqual(["buyer", "provider", "support"]);
  expect(members.body.data[2].name).toBe("Ovation Support");
});

test("a reported message is queued for support once, and one's own message cannot be reported", async () => {
  const chat = await openOrderChat();
  const message = await say(chat.provider.market, chat.conversationId, "Pay me outside the app");
  const headers = await tokenHeaders(chat.buyerId);
  const report = () => api("/user/im/v1/message/report", { headers, body: { conversationId: chat.conversationId, seq: message.seq, reason: "scam" } });

  await report();
  await report();
  const own = await api("/user/im/v1/message/report", {
    headers: await tokenHeaders(chat.provider.userId),
    body: { conversationId: chat.conversationId, seq: message.seq, reason: "scam" },
  });

  const rows = await env.DB.prepare("SELECT reason, excerpt, status FROM message_reports WHERE conversation_id = ?").bind(chat.conversationId).all();
  expect(rows.results).toEqual([{ reason: "scam", excerpt: "Pay me outside the app", status: "open" }]);
  expect(own.body.statusCode).toBe(404);
});

test("a member offline for 10 minutes with unread messages gets one email, at most one an hour", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  const [buyer] = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(chat.buyerId).all<{ email: string }>()).results;
  chat.clock.advance(-20 * MINUTE);
  await say(chat.provider.market, chat.conversationId, "Your tickets are ready");
  chat.clock.advance(5 * MINUTE);
  await emailOfflineMembers(chat.buyer);
  const tooSoon = await mailsTo(buyer.email);
  chat.clock.advance(6 * MINUTE);
  await emailOfflineMembers(chat.buyer);
  chat.clock.advance(MINUTE);
  await say(chat.provider.market, chat.conversationId, "Did you get them?");
  chat.clock.advance(19 * MINUTE);
  await emailOfflineMembers(chat.buyer);
  const within = await mailsTo(buyer.email);
  chat.clock.advance(HOUR);
  await emailOfflineMembers(chat.buyer);

  const mails = await mailsTo(buyer.email);
  expect(tooSoon).toEqual([]);
  expect(within.length).toBe(1);
  expect(mails.length).toBe(2);
  expect(mails[0]).toMatchObject({ kind: "chat_unread", subject: "You have 1 unread message on Ovation" });
  expect(mails[0].text_body).toContain(`/chat?id=${chat.conversationId}`);
});

