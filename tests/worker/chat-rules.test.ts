/** Chat's rules, by the clock: the order window, masking, the rate limit, recall, the 30-day cut. */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import {
  cutOldMessages,
  joinAsSupport,
  readHistory,
  recallMessage,
  sendMessage,
} from "../../functions/market/messaging";
import { refusal } from "./support/after-sales";
import { clientId, DAY, HOUR, orderChat, say } from "./support/chat";

const MINUTE = 60_000;

test("an order's chat opens 1 day before the event and is read-only 7 days after it", async () => {
  const chat = await orderChat({ startsInMs: 3 * DAY });

  const early = await refusal(say(chat.buyer, chat.conversationId, "Hello?"));
  chat.clock.advance(2 * DAY);
  const opened = await say(chat.buyer, chat.conversationId, "Hello!");
  chat.clock.advance(DAY + 7 * DAY);
  const late = await refusal(say(chat.provider.market, chat.conversationId, "Enjoyed it?"));

  expect(early.code).toBe(680001);
  expect(early.data).toEqual({ opensAt: chat.startsAt - DAY });
  expect(opened.text).toBe("Hello!");
  expect(late.code).toBe(680002);
  const history = await readHistory(chat.buyer, { conversationId: chat.conversationId, pageSize: 10 });
  expect(history.list.map((message) => message.text)).toEqual(["Hello!"]);
});

test("once support joins, the group takes messages before the window with contact details masked", async () => {
  const chat = await orderChat({ startsInMs: 3 * DAY });
  await joinAsSupport(chat.support.market, chat.conversationId);

  const fromSupport = await say(chat.support.market, chat.conversationId, "Support here: write to help@ovation.example");
  const fromBuyer = await say(chat.buyer, chat.conversationId, "Call me on +852 9123 4567 or mei@example.com");

  expect(fromSupport).toMatchObject({ text: "Support here: write to help@ovation.example", masked: false });
  expect(fromBuyer).toMatchObject({ text: "Call me on ••• or •••", masked: true });
});

test("inside the window contact details pass, payment talk and payment links are masked", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });

  const meet = await say(chat.provider.market, chat.conversationId, "Text me at 9123 4567 when you arrive");
  const payment = await say(chat.provider.market, chat.conversationId, "Pay the rest by bank transfer, call 9123 4567");
  const link = await say(chat.provider.market, chat.conversationId, "Or use https://paypal.me/scalper/200 it's quicker");

  expect(meet).toMatchObject({ text: "Text me at 9123 4567 when you arrive", masked: false });
  expect(payment).toMatchObject({ text: "Pay the rest by bank transfer, call •••", masked: true });
  expect(link).toMatchObject({ text: "Or use ••• it's quicker", masked: true });
});

test("a sender gets requestTooFrequent on the 21st message within a minute", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  for (let n = 1; n <= 20; n++) await say(chat.buyer, chat.conversationId, `message ${n}`);

  const refused = await refusal(say(chat.buyer, chat.conversationId, "one too many"));
  const retried = await say(chat.buyer, chat.conversationId, "message 20 again", (await chat.store.history({ notBefore: 0, limit: 1 }))[0].clientId);
  chat.clock.advance(MINUTE + 1);
  const later = await say(chat.buyer, chat.conversationId, "after a minute");

  expect(refused.code).toBe(12304);
  expect(retried.text).toBe("message 20");
  expect(later.seq).toBe(21);
});

test("one's own message can be recalled within 2 minutes and not after", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  const first = await say(chat.buyer, chat.conversationId, "wrong seat number");
  const second = await say(chat.buyer, chat.conversationId, "row F");

  chat.clock.advance(1 * MINUTE);
  const recall = await recallMessage(chat.buyer, { conversationId: chat.conversationId, seq: first.seq });
  const foreign = await refusal(recallMessage(chat.provider.market, { conversationId: chat.conversationId, seq: second.seq }));
  chat.clock.advance(1 * MINUTE + 1);
  const late = await refusal(recallMessage(chat.buyer, { conversationId: chat.conversationId, seq: second.seq }));

  expect(recall).toMatchObject({ kind: "recall", ref: 1, seq: 3 });
  expect(foreign.code).toBe(404);
  expect(late.code).toBe(680003);
  const history = await readHistory(chat.provider.market, { conversationId: chat.conversationId, pageSize: 10 });
  expect(history.list.map((message) => [message.seq, message.text, message.recalledAt !== null])).toEqual([
    [2, "row F", false],
    [1, "", true],
  ]);
});

test("messages older than 30 days are never shown, and the cron deletes them", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  await say(chat.buyer, chat.conversationId, "old news");
  chat.clock.advance(5 * DAY);
  await say(chat.provider.market, chat.conversationId, "still here");
  chat.clock.advance(26 * DAY);

  const shown = await readHistory(chat.buyer, { conversationId: chat.conversationId, pageSize: 10 });
  await cutOldMessages(chat.buyer);
  const kept = await chat.store.history({ notBefore: 0, limit: 10 });

  expect(shown.list.map((message) => message.text)).toEqual(["still here"]);
  expect(kept.map((message) => message.text)).toEqual(["still here"]);
  const row = await env.DB.prepare("SELECT oldest_message_at AS oldest FROM conversations WHERE id = ?").bind(chat.conversationId).first<{ oldest: number }>();
  expect(row?.oldest).toBe(chat.clock.now() - 26 * DAY);
});

test("quoting a message that does not exist is refused as not found", async () => {
  const chat = await orderChat({ startsInMs: 12 * HOUR });
  await say(chat.buyer, chat.conversationId, "ok");

  const refused = await refusal(
    sendMessage(chat.buyer, { conversationId: chat.conversationId, clientMessageId: clientId(), text: "re", replyTo: 99 }),
  );

  expect(refused.code).toBe(404);
});
