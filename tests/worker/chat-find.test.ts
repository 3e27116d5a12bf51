/** Contacts and message search: only one's own conversations, wildcards taken literally, the 30-day cut, both doors. */
import { beforeAll, expect, test } from "vitest";
import { openSupportConversation } from "../../functions/market/messaging";
import { api } from "./support/api";
import { clockAt, makeBuyer, marketFor, seedCurrencies } from "./support/buying";
import { cookieFor, DAY, openOrderChat, say, visit } from "./support/chat";
import { MINUTE, tokenHeaders } from "./support/delivery";

beforeAll(seedCurrencies);

interface Hit {
  conversationId: number;
  counterpart: string | null;
  counterpartRole: string;
  seq: number;
  excerpt: { before: string; match: string; after: string };
}

const search = (query: string, headers: Record<string, string>) =>
  api<{ list: Hit[]; capped: boolean; conversationId: number | null }>(`/user/im/v1/message/search?${query}`, { headers });
const texts = (list: Hit[]) => list.map((hit) => `${hit.excerpt.before}[${hit.excerpt.match}]${hit.excerpt.after}`);

/** A buyer's open order chat and support chat, each with messages, and a third account's chat with the same words. */
async function twoChatsAndAThirdAccount() {
  const chat = await openOrderChat();
  const support = await openSupportConversation(chat.buyer);
  // A minute apart, so newest first is one order.
  await say(chat.buyer, chat.conversationId, "Is row F on the aisle?");
  chat.clock.advance(MINUTE);
  await say(chat.provider.market, chat.conversationId, "Yes, row F seats 1 and 2.");
  chat.clock.advance(MINUTE);
  await say(chat.buyer, support.conversation.id, "My row F tickets have not arrived");
  const third = await openOrderChat();
  await say(third.buyer, third.conversationId, "Secret: row F for the third account");
  return { chat, supportId: support.conversation.id, third };
}

test("search finds the words across one's own conversations, newest first, and a third account's messages never appear", async () => {
  const { chat, supportId } = await twoChatsAndAThirdAccount();
  const headers = await tokenHeaders(chat.buyerId);

  const answer = await search("q=row%20f", headers);

  expect(answer.body.statusCode).toBe(200);
  expect(texts(answer.body.data.list)).toEqual(["My [row F] tickets have not arrived", "Yes, [row F] seats 1 and 2.", "Is [row F] on the aisle?"]);
  expect(answer.body.data.list.map((hit) => [hit.conversationId, hit.counterpartRole, hit.counterpart])).toEqual([
    [supportId, "support", null],
    [chat.conversationId, "provider", "Ticket Fox"],
    [chat.conversationId, "provider", "Ticket Fox"],
  ]);
  expect(answer.body.data.capped).toBe(false);
});

test("search within one conversation gives its messages only, and another account's conversation is not found", async () => {
  const { chat, third } = await twoChatsAndAThirdAccount();
  const headers = await tokenHeaders(chat.buyerId);

  const within = await search(`q=row&conversationId=${chat.conversationId}`, headers);
  const theirs = await search(`q=row&conversationId=${third.conversationId}`, headers);

  expect(texts(within.body.data.list)).toEqual(["Yes, [row] F seats 1 and 2.", "Is [row] F on the aisle?"]);
  expect(within.body.data.conversationId).toBe(chat.conversationId);
  expect(theirs.body.statusCode).toBe(404);
  expect(theirs.body.data).toBeNull();
});

test("% and _ in the words match literally, never as wildcards", async () => {
  const chat = await openOrderChat();
  for (const text of ["50% off tonight", "5000 off tomorrow", "seat a_b please", "seat axb please", "back\\slash"]) await say(chat.buyer, chat.conversationId, text);
  const headers = await tokenHeaders(chat.buyerId);

  const percent = await search("q=50%25", headers);
  const underscore = await search("q=a_b", headers);
  const backslash = await search("q=k%5Cs", headers);

  expect(texts(percent.body.data.list)).toEqual(["[50%] off tonight"]);
  expect(texts(underscore.body.data.list)).toEqual(["seat [a_b] please"]);
  expect(texts(backslash.body.data.list)).toEqual(["bac[k\\s]lash"]);
});

test("messages older than 30 days are not searched", async () => {
  const buyerId = await makeBuyer();
  const now = Date.now();
  const long = marketFor(buyerId, clockAt(now - 31 * DAY));
  const today = marketFor(buyerId, clockAt(now));
  const support = await openSupportConversation(long);
  await say(long, support.conversation.id, "refund for order A, long ago");
  await say(today, support.conversation.id, "refund for order B, today");

  const answer = await search("q=refund", await tokenHeaders(buyerId));

  expect(texts(answer.body.data.list)).toEqual(["[refund] for order B, today"]);
});

test("the words are 1 to 100 characters and a conversation id is digits: anything else is invalidParam", async () => {
  const headers = await tokenHeaders(await makeBuyer());

  const empty = await search("q=%20%20", headers);
  const long = await search(`q=${"x".repeat(101)}`, headers);
  const badId = await search("q=a&conversationId=1%20OR%201", headers);

  for (const answer of [empty, long, badId]) expect(answer.body.statusCode).toBe(12308);
  expect(empty.body.message).toContain("q");
  expect(badId.body.message).toContain("conversationId");
});

test("contacts are the providers and support one has talked to, with the provider's facts, never anyone else", async () => {
  const { chat, supportId } = await twoChatsAndAThirdAccount();
  const silent = await openOrderChat(); // a chat nobody wrote in: its provider is not a contact
  const headers = await tokenHeaders(chat.buyerId);

  const contacts = await api<Record<string, unknown>[]>("/user/im/v1/contact/list", { headers });
  const silentContacts = await api<Record<string, unknown>[]>("/user/im/v1/contact/list", { headers: await tokenHeaders(silent.buyerId) });

  expect(contacts.body.statusCode).toBe(200);
  expect(contacts.body.data).toEqual([
    expect.objectContaining({ role: "support", name: null, sellerId: null, facts: null, conversationId: supportId, conversations: 1 }),
    expect.objectContaining({
      role: "provider",
      name: "Ticket Fox",
      sellerId: chat.sellerId,
      facts: expect.objectContaining({ rating: 5, sales: 1, kind: null }),
      conversationId: chat.conversationId,
      conversations: 1,
    }),
  ]);
  expect(silentContacts.body.data).toEqual([]);
});

test("a guest is refused by both calls", async () => {
  const contacts = await api("/user/im/v1/contact/list");
  const found = await search("q=row", {});

  expect(contacts.body.statusCode).toBe(12306);
  expect(found.body.statusCode).toBe(12306);
});

test("without JavaScript the search screen marks the match, links to the message, and shows a prompt with no words", async () => {
  const { chat, third } = await twoChatsAndAThirdAccount();
  const cookie = await cookieFor(chat.buyerId);

  const prompt = await (await visit("/chat-search", cookie)).text();
  const results = await (await visit("/chat-search?q=aisle", cookie)).text();
  const theirs = await visit(`/chat-search?q=row&conversationId=${third.conversationId}`, cookie);
  const zh = await (await visit("/chat-search", await cookieFor(chat.buyerId, "zh-HK"))).text();

  expect(prompt).toContain("Search your messages");
  expect(results).toContain("Is row F on the <mark>aisle</mark>?");
  expect(results).toContain(`/chat?id=${chat.conversationId}&amp;before=2#m1`);
  expect(results).not.toContain("third account");
  expect(theirs.status).toBe(404);
  expect(zh).toContain("搜尋你的訊息");
});

test("the contacts screen lists whom one talked to, with a link to the latest conversation", async () => {
  const { chat, supportId } = await twoChatsAndAThirdAccount();

  const html = await (await visit("/chat-contacts", await cookieFor(chat.buyerId))).text();
  const news = await (await visit("/news", await cookieFor(chat.buyerId))).text();

  expect(html).toContain("Ticket Fox");
  expect(html).toContain("Ovation Support");
  expect(html).toContain(`/chat?id=${chat.conversationId}`);
  expect(html).toContain(`/chat?id=${supportId}`);
  expect(html).toContain("5.0");
  expect(news).toContain('href="/chat-contacts"');
  expect(news).toContain('href="/chat-search"');
});
