/** Chat's screens without JavaScript: the list, the chat, sending by form post, and who may see them. */
import { beforeAll, expect, test } from "vitest";
import { makeBuyer, seedCurrencies } from "./support/buying";
import { openSupportConversation } from "../../functions/market/messaging";
import { cookieFor, openOrderChat, say, visit } from "./support/chat";

// Pages read exchange rates once and keep them: the currencies exist before the first page.
beforeAll(seedCurrencies);

test("a buyer with no conversations sees the empty state, and 'Contact support' opens a chat with support", async () => {
  const cookie = await cookieFor(await makeBuyer());

  const news = await visit("/news", cookie);
  const html = await news.text();
  const opened = await visit("/news", cookie, { intent: "support" });

  expect(news.status).toBe(200);
  expect(html).toContain("No messages yet");
  expect(html).toContain("Contact support");
  expect(opened.status).toBe(302);
  expect(opened.headers.get("location")).toMatch(/^\/chat\?id=\d+$/);
  const chat = await visit(opened.headers.get("location")!, cookie);
  expect(chat.status).toBe(200);
  expect(await chat.text()).toContain("Ovation Support");
});

test("without JavaScript a message is a form post that comes back to the chat, where it shows", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(chat.buyerId);

  const sent = await visit(`/chat?id=${chat.conversationId}`, cookie, {
    intent: "send",
    conversationId: String(chat.conversationId),
    clientMessageId: "formpost0001",
    text: "Is <b>row F</b> on the aisle?",
  });
  const again = await visit(`/chat?id=${chat.conversationId}`, cookie, {
    intent: "send",
    conversationId: String(chat.conversationId),
    clientMessageId: "formpost0001",
    text: "Is <b>row F</b> on the aisle?",
  });
  const html = await (await visit(`/chat?id=${chat.conversationId}`, cookie)).text();

  expect(sent.status).toBe(302);
  expect(sent.headers.get("location")).toBe(`/chat?id=${chat.conversationId}#latest`);
  expect(again.status).toBe(302);
  expect(html.split("Is &lt;b&gt;row F&lt;/b&gt; on the aisle?").length - 1).toBe(1);
  expect(html).toMatch(new RegExp(`/chat\\?id=${chat.conversationId}&amp;at=\\d+#latest`));
});

test("an empty or too long message is a 400 with the field's error", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(chat.buyerId);

  const empty = await visit(`/chat?id=${chat.conversationId}`, cookie, { intent: "send", conversationId: String(chat.conversationId), clientMessageId: "formpost0002", text: "  " });

  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain("Write a message of 1 to 2000 characters.");
});

test("the provider sees the buyer's message unread on the list and the tab bar, in Chinese too", async () => {
  const chat = await openOrderChat();
  await say(chat.buyer, chat.conversationId, "幾點入場？");
  const cookie = await cookieFor(chat.provider.userId, "zh-HK");

  const html = await (await visit("/news", cookie)).text();

  expect(html).toContain("幾點入場？");
  expect(html).toContain('data-testid="tab-unread"');
  expect(html).toContain("1 則未讀訊息");
});

test("another account gets the not-found page for the chat and its members", async () => {
  const chat = await openOrderChat();
  const cookie = await cookieFor(await makeBuyer());

  expect((await visit(`/chat?id=${chat.conversationId}`, cookie)).status).toBe(404);
  expect((await visit(`/chat-members?id=${chat.conversationId}`, cookie)).status).toBe(404);
  expect((await visit(`/chat?order=${chat.orderId}`, cookie)).status).toBe(404);
  expect((await visit(`/chat?id=${chat.conversationId}`, cookie, { intent: "recall", conversationId: String(chat.conversationId), seq: "1" })).status).toBe(404);
});

test("a guest is sent to sign in", async () => {
  const news = await visit("/news");
  expect(news.status).toBe(302);
  expect(news.headers.get("location")).toContain("/login");
});

test("in Chinese, support is 'Ovation 客服' in the chat's title and beside its messages once support has answered", async () => {
  const chat = await openOrderChat();
  const { conversation } = await openSupportConversation(chat.buyer);
  await say(chat.buyer, conversation.id, "我想問張飛");
  await say(chat.support.market, conversation.id, "請講");

  const html = await (await visit(`/chat?id=${conversation.id}`, await cookieFor(chat.buyerId, "zh-HK"))).text();

  expect(html).toContain("<title>Ovation 客服 · ");
  expect(html).toContain("請講");
  expect(html).not.toContain("Ovation Support");
});
