/**
 * Chat in the consoles and the order's life: support's queue against the 48-hour promise,
 * answering and joining from the console, the provider's chats, system messages for the order's
 * events, and sockets closed on sign-out and when an account is blocked.
 */
import { beforeAll, expect, test } from "vitest";
import { deliverETickets, markReadyForPickup, setPickupDetails, uploadETicket } from "../../functions/market/delivery";
import { decideCase, decideSchema } from "../../functions/market/aftersales";
import { disableAccount } from "../../functions/market/accounts";
import { openSupportConversation } from "../../functions/market/messaging";
import { countingProvider, parsedApplication } from "./support/after-sales";
import { applyForAfterSale } from "../../functions/market/aftersales";
import { clockAt, makeBuyer, marketFor, seedCurrencies } from "./support/buying";
import { cookieFor, HOUR, LiveSocket, openOrderChat, orderChat, requestSocket, say, userSigOf, visit } from "./support/chat";
import { otherProvider, paidDelivery, pdfBytes } from "./support/delivery";

beforeAll(seedCurrencies);

/** The chat page's text with tags removed, as a reader sees it. */
async function chatText(conversationId: number, userId: number): Promise<string> {
  const html = await (await visit(`/chat?id=${conversationId}`, await cookieFor(userId))).text();
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

test("support's console queues a waiting buyer by waiting time, overdue past 48 hours, and a reply from the console takes them off", async () => {
  const now = Date.now();
  const waited = marketFor(await makeBuyer(), clockAt(now - 50 * HOUR));
  const fresh = marketFor(await makeBuyer(), clockAt(now - 3 * HOUR - 60_000));
  const old = await openSupportConversation(waited);
  await say(waited, old.conversation.id, "My tickets never came");
  const recent = await openSupportConversation(fresh);
  await say(fresh, recent.conversation.id, "How do I change my email?");
  const { support } = await paidDelivery();
  const cookie = await cookieFor(support.userId);

  const page = await (await visit("/support/chats", cookie)).text();
  const oldAt = page.indexOf(`/chat?id=${old.conversation.id}"`);
  const recentAt = page.indexOf(`/chat?id=${recent.conversation.id}"`);
  const answered = await visit(`/chat?id=${old.conversation.id}`, cookie, {
    intent: "send",
    conversationId: String(old.conversation.id),
    clientMessageId: "console00001",
    text: "Sorry for the wait, your tickets are on their way.",
  });
  const after = await (await visit("/support/chats", cookie)).text();

  expect(oldAt).toBeGreaterThan(0);
  expect(recentAt).toBeGreaterThan(oldAt);
  expect(page).toContain("Overdue by 2 h");
  expect(page).toContain("Waiting 3 h · 45 h left");
  expect(answered.status).toBe(302);
  expect(after).not.toContain(`/chat?id=${old.conversation.id}"`);
  expect(after).toContain(`/chat?id=${recent.conversation.id}"`);
});

test("the support queue is not found for a buyer, and speaks Chinese", async () => {
  const buyer = await makeBuyer();
  const waiting = marketFor(buyer, clockAt(Date.now()));
  await say(waiting, (await openSupportConversation(waiting)).conversation.id, "我的門票未收到");
  const { support } = await paidDelivery();

  const refused = await visit("/support/chats", await cookieFor(buyer));
  const zh = await (await visit("/support/chats", await cookieFor(support.userId, "zh-HK"))).text();

  expect(refused.status).toBe(404);
  expect(zh).toContain("我們承諾於 48 小時內回覆");
});

test("support opens an order's chat from its console page and joins it: a group of buyer, provider and support", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(chat.support.userId);

  const orderPage = await (await visit(`/support/orders/${chat.orderId}`, cookie)).text();
  const opened = await visit(`/chat?order=${chat.orderId}`, cookie);
  const joined = await visit(`/chat?id=${chat.conversationId}`, cookie, { intent: "join", conversationId: String(chat.conversationId) });
  const members = await (await visit(`/chat-members?id=${chat.conversationId}`, await cookieFor(chat.buyerId))).text();
  const buyerView = await chatText(chat.conversationId, chat.buyerId);

  expect(orderPage).toContain(`href="/chat?order=${chat.orderId}"`);
  expect(opened.headers.get("location")).toBe(`/chat?id=${chat.conversationId}`);
  expect(joined.status).toBe(302);
  expect(members).toContain("Ovation Support");
  expect(buyerView).toContain("3 members");
  expect(buyerView).toContain("Support joined the chat");
});

test("the provider console lists its order chats with the buyer's last message, and answers from there; another provider sees none", async () => {
  const chat = await openOrderChat();
  await say(chat.buyer, chat.conversationId, "Which gate should I use?");
  const cookie = await cookieFor(chat.provider.userId);
  const other = await otherProvider(chat.clock);

  const page = await (await visit("/provider/chats", cookie)).text();
  const providerOrder = await (await visit(`/provider/orders/${chat.orderId}`, cookie)).text();
  const answered = await visit(`/chat?id=${chat.conversationId}`, cookie, {
    intent: "send",
    conversationId: String(chat.conversationId),
    clientMessageId: "provider0001",
    text: "Gate 3, it is closest to your block.",
  });
  const othersPage = await (await visit("/provider/chats", await cookieFor(other.userId))).text();
  const buyerRefused = await visit("/provider/chats", await cookieFor(chat.buyerId));

  expect(page).toContain(`/chat?id=${chat.conversationId}"`);
  expect(page).toContain("Which gate should I use?");
  expect(page).toContain("1 unread message");
  expect(providerOrder).toContain(`href="/chat?order=${chat.orderId}"`);
  expect(answered.status).toBe(302);
  expect(await chatText(chat.conversationId, chat.buyerId)).toContain("Gate 3, it is closest to your block.");
  expect(othersPage).toContain("No chats yet");
  expect(othersPage).not.toContain(`/chat?id=${chat.conversationId}"`);
  expect(buyerRefused.status).toBe(404);
});

test("delivered e-tickets post a system message in the order's chat, live and unread, once", async () => {
  const chat = await orderChat({ at: Date.now(), startsInMs: 12 * HOUR });
  const socket = await LiveSocket.open(chat.conversationId, chat.buyerId);
  await uploadETicket(chat.provider.market, chat.orderId, { name: "seats.pdf", type: "application/pdf", bytes: pdfBytes() });

  await deliverETickets(chat.provider.market, chat.orderId);
  const frames = await socket.waitFor((frame) => frame.type === "message" && frame.message.kind === "system");
  const news = await (await visit("/news", await cookieFor(chat.buyerId))).text();

  expect(frames[0]).toMatchObject({ type: "message", message: { kind: "system", senderId: 0, text: "eTicketsDelivered" } });
  expect(news).toContain("Your e-tickets were delivered. Find them under the order.");
  expect(await chatText(chat.conversationId, chat.buyerId)).toContain("Your e-tickets were delivered.");
  socket.close();
});

test("ready for pickup and an approved refund each post their system message, in the reader's language", async () => {
  const pickup = await paidDelivery({ method: "SELF_PICKUP", at: Date.now(), startsInMs: 12 * HOUR });
  await setPickupDetails(pickup.provider.market, pickup.orderId, { at: pickup.startsAt - 2 * HOUR, location: "Gate 3 counter", remark: "", providerPhone: "+852 6000 0000" });
  await markReadyForPickup(pickup.provider.market, pickup.orderId);
  const opened = await visit(`/chat?order=${pickup.orderId}`, await cookieFor(pickup.buyerId));
  const pickupId = Number(new URL(opened.headers.get("location")!, "https://x").searchParams.get("id"));

  const refunded = await paidDelivery({ at: Date.now(), startsInMs: 12 * HOUR });
  const applied = await applyForAfterSale(refunded.buyer, parsedApplication(refunded.orderId, { refundAmount: "10" }));
  await decideCase(refunded.support.market, applied.id, decideSchema.parse({ decision: "approve", reason: "Seats were changed" }), countingProvider().deps);
  const refundChat = await visit(`/chat?order=${refunded.orderId}`, await cookieFor(refunded.buyerId));
  const refundId = Number(new URL(refundChat.headers.get("location")!, "https://x").searchParams.get("id"));

  expect(await chatText(pickupId, pickup.buyerId)).toContain("Your tickets are ready for pickup.");
  const zh = await (await visit(`/chat?id=${refundId}`, await cookieFor(refunded.buyerId, "zh-HK"))).text();
  expect(zh).toContain("此訂單的退款已獲批");
});

test("signing out closes the account's sockets, and its credential no longer opens one", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(chat.buyerId);
  const sig = await userSigOf(chat.buyerId);
  const socket = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const closed = new Promise<number>((resolve) => socket.socket.addEventListener("close", (event) => resolve(event.code)));

  // Every session of the account ends (the factory's and the page's): signed out everywhere.
  await visit("/logout", cookie, {});
  const { revokeAccountSessions } = await import("../../functions/market/accounts");
  await revokeAccountSessions(chat.buyer, chat.buyerId);

  expect(await closed).toBe(4401);
  expect((await requestSocket(chat.conversationId, sig)).status).toBe(401);
});

test("a blocked account's sockets are closed and it cannot open another", async () => {
  const chat = await openOrderChat();
  const sig = await userSigOf(chat.buyerId);
  const socket = await LiveSocket.open(chat.conversationId, chat.buyerId);
  const closed = new Promise<number>((resolve) => socket.socket.addEventListener("close", (event) => resolve(event.code)));

  const blocked = await disableAccount(chat.support.market, chat.buyerId);

  expect(blocked).toEqual({ socketsClosed: 1 });
  expect(await closed).toBe(4401);
  expect((await requestSocket(chat.conversationId, sig)).status).toBe(403);
});

test("order detail, pickup and e-ticket screens link to the order's chat when open and say when it opens when not; support's chat is offered on the order and after-sales", async () => {
  const open = await paidDelivery({ method: "SELF_PICKUP", at: Date.now(), startsInMs: 12 * HOUR });
  const later = await paidDelivery({ method: "E_TICKET", at: Date.now(), startsInMs: 30 * 24 * HOUR });
  const openCookie = await cookieFor(open.buyerId);
  const laterCookie = await cookieFor(later.buyerId);

  const pickup = await (await visit(`/pickup-ticket?id=${open.orderId}`, openCookie)).text();
  const detail = await (await visit(`/order-detail?id=${open.orderId}`, openCookie)).text();
  const eTicket = await (await visit(`/e-ticket?id=${later.orderId}`, laterCookie)).text();
  const process = await (await visit("/process-list", laterCookie)).text();

  expect(pickup).toContain(`href="/chat?order=${open.orderId}"`);
  expect(pickup).toContain("Chat with provider");
  expect(detail).toContain(`href="/chat?order=${open.orderId}"`);
  expect(detail).toContain('href="/chat?support=1"');
  expect(eTicket).not.toContain(`href="/chat?order=${later.orderId}"`);
  expect(eTicket).toContain("Chat with the provider opens on");
  expect(process).toContain('href="/chat?support=1"');
});
