/**
 * Web push: each event tells each subscribed device that takes its topic once, in the device's
 * language, encrypted to the device and signed with the deployment's key (the push service
 * double decrypts and checks both); a device the service says is gone is forgotten; quiet hours
 * hold what can wait; a declined topic sends nothing; a failed send is tried again later.
 */
import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { applyForAfterSale, decideCase, decideSchema } from "../../functions/market/aftersales";
import { sendTicketAlerts, subscribeTicketAlert } from "../../functions/market/alerts";
import { markReadyForPickup, setPickupDetails } from "../../functions/market/delivery";
import { joinQueue, tellTurnTo, type QueuePlace } from "../../functions/market/demand";
import { shardStub } from "../../functions/market/demand/queue-document";
import { notify } from "../../functions/market/notifications";
import { createOrder, remindExpiringPayments } from "../../functions/market/orders";
import { payOutSeller } from "../../functions/market/selling";
import { api } from "./support/api";
import { countingProvider, parsedApplication } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox, T0, testDb } from "./support/buying";
import { LiveSocket, openOrderChat, say } from "./support/chat";
import { DAY, HOUR, MINUTE, paidDelivery, supportOn, tokenHeaders } from "./support/delivery";
import { tourOf } from "./support/demand";
import { deviceOf, newDevice, outboxOf, received, serviceSays, settlePushes, shown } from "./support/push";
import { BOT_CHECK, OPENS, queueOn, SECOND } from "./support/queue";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

const ORIGIN = "http://127.0.0.1:8787";

/** A paid self-pickup order whose seller has set the pickup details, so one step makes it ready. */
async function pickupOrder() {
  const deal = await paidDelivery({ method: "SELF_PICKUP" });
  await setPickupDetails(deal.provider.market, deal.orderId, { at: deal.startsAt - 2 * HOUR, location: "Gate 3 counter", remark: "Bring your ID", providerPhone: "+852 6000 0000" });
  return deal;
}

test("tickets ready for pickup reach each of the buyer's devices once, encrypted, signed, in each device's language", async () => {
  const { buyer, provider, order, orderId } = await pickupOrder();
  const phone = await deviceOf(buyer);
  const tablet = await deviceOf({ ...buyer, viewer: { ...buyer.viewer, language: "zh-HK" } });
  const stranger = await deviceOf(marketFor(await makeBuyer(), buyer));
  await markReadyForPickup(provider.market, orderId);
  await settlePushes(buyer);

  expect(await shown(phone)).toEqual([
    { title: "Ready for pickup", body: `${order.event.title}: order ${order.orderNo} can be collected. Your pickup code is in the order.`, navigate: `${ORIGIN}/order-detail?id=${orderId}`, lang: "en-US" },
  ]);
  expect((await shown(tablet)).map((push) => `${push.lang} ${push.title}`)).toEqual(["zh-HK 可以取票了"]);
  expect(await received(stranger)).toEqual([]);
  const [push] = await received(phone);
  expect(push).toMatchObject({ contentEncoding: "aes128gcm", urgency: "normal", vapid: { aud: "https://push.ovation.test", sub: "mailto:push@ovation.example", valid: true } });
  expect(push.payload).toMatchObject({ web_push: 8030, notification: { dir: "ltr", silent: false, tag: `order-${orderId}` } });
});

test("thirty copies of one event raced at once reach each of three devices exactly once", async () => {
  const clock = clockAt();
  const userId = await makeBuyer();
  const market = marketFor(userId, clock);
  const devices = [await deviceOf(market), await deviceOf(market), await deviceOf(market)];
  const event = { key: "delivery:race:1", topic: "orders" as const, to: { userIds: [userId] }, path: "/mine", text: { title: "ticketsReady.title", body: "ticketsReady.body", params: { show: "Night Tour", orderNo: "OV1" } } };
  await Promise.all(Array.from({ length: 30 }, () => notify(market, event)));
  await settlePushes(market);
  expect((await outboxOf(devices)).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  for (const device of devices) expect((await shown(device)).map((push) => push.body)).toEqual(["Night Tour: order OV1 is ready to open."]);
});

test("a device the push service says is gone (410) is forgotten, with what it was still owed", async () => {
  const { buyer, provider, orderId } = await pickupOrder();
  const kept = await deviceOf(buyer);
  const gone = await deviceOf(buyer);
  await serviceSays(gone, "gone");
  await markReadyForPickup(provider.market, orderId);
  await settlePushes(buyer);
  const endpoints = await testDb.select({ endpoint: schema.pushSubscriptions.endpoint }).from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, buyer.viewer.userId!));
  expect(endpoints).toEqual([{ endpoint: kept.endpoint }]);
  expect(await outboxOf([gone])).toEqual([]);
  expect(await shown(kept)).toHaveLength(1);
});

test("a push service that is down is tried again a minute later, and the notification still arrives once", async () => {
  const { buyer, provider, orderId, clock } = await pickupOrder();
  const device = await deviceOf(buyer);
  await serviceSays(device, { down: 1 });
  await markReadyForPickup(provider.market, orderId);
  await settlePushes(buyer);
  expect(await outboxOf([device])).toMatchObject([{ status: "queued", attempts: 1, lastError: "503 try again later", nextAttemptAt: clock.now() + MINUTE }]);
  expect(await received(device)).toEqual([]);
  clock.advance(MINUTE);
  await settlePushes(buyer);
  expect(await outboxOf([device])).toMatchObject([{ status: "sent", attempts: 2 }]);
  expect(await shown(device)).toHaveLength(1);
});

test("quiet hours hold order news until they end, in the device's time zone, while a turn in the queue still arrives", async () => {
  // 23:00 in Hong Kong; quiet from 22:00 to 07:30.
  const clock = clockAt(Date.parse("2026-11-18T15:00:00Z"));
  const userId = await makeBuyer();
  const market = marketFor(userId, clock);
  const device = await deviceOf(market, { quietFrom: "22:00", quietUntil: "07:30" });
  const text = { title: "ticketsReady.title", body: "ticketsReady.body", params: { show: "Night Tour", orderNo: "OV2" } };
  await notify(market, { key: "quiet:order", topic: "orders", to: { userIds: [userId] }, path: "/mine", text });
  await notify(market, { key: "quiet:turn", topic: "queue", to: { userIds: [userId] }, path: "/waiting-room?sessionId=1", text: { title: "queueTurn.title", body: "queueTurn.body", params: { show: "Night Tour", minutes: 15 } } });
  await settlePushes(market);
  expect((await shown(device)).map((push) => push.title)).toEqual(["It's your turn"]);
  expect((await outboxOf([device])).find((row) => row.eventKey === "quiet:order")).toMatchObject({ status: "queued", nextAttemptAt: Date.parse("2026-11-18T23:30:00Z") });

  clock.time = Date.parse("2026-11-18T23:29:00Z");
  await settlePushes(market);
  expect(await shown(device)).toHaveLength(1);
  clock.time = Date.parse("2026-11-18T23:30:00Z");
  await settlePushes(market);
  expect((await shown(device)).map((push) => push.title)).toEqual(["It's your turn", "Your e-tickets are ready"]);
});

test("a device that turned a topic off is not told of it; its other topics still reach it", async () => {
  const { buyer, provider, orderId } = await pickupOrder();
  const device = await deviceOf(buyer, { topics: ["queue", "messages"] });
  await markReadyForPickup(provider.market, orderId);
  await notify(buyer, { key: "topic:messages", topic: "messages", to: { userIds: [buyer.viewer.userId!] }, path: "/chat?id=1", text: { title: "newMessage.title", body: "newMessage.body", params: { sender: "Mei", text: "See you" } } });
  await settlePushes(buyer);
  expect(await shown(device)).toEqual([{ title: "Mei", body: "See you", navigate: `${ORIGIN}/chat?id=1`, lang: "en-US" }]);
});

test("an unpaid order is nudged once when five minutes of its hold are left, never after it expired", async () => {
  const clock = clockAt();
  const userId = await makeBuyer();
  const buyer = marketFor(userId, clock);
  const device = await deviceOf(buyer);
  const { listingId } = await makeListing({ quantity: 2 });
  const order = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  clock.time = order.expiresAt - 6 * MINUTE;
  expect(await remindExpiringPayments(buyer)).toBe(0);
  clock.time = order.expiresAt - 4 * MINUTE - 30 * SECOND;
  await remindExpiringPayments(buyer);
  await remindExpiringPayments(buyer);
  await settlePushes(buyer);
  expect(await shown(device)).toEqual([{ title: "Your tickets are held for 5 more minutes", body: `Pay for order ${order.orderNo} (${order.event.title}) to keep them.`, navigate: `${ORIGIN}/order-detail?id=${order.id}`, lang: "en-US" }]);
  expect((await received(device))[0].urgency).toBe("high");

  // Once the hold has run out there is nothing left to pay for: no order is looked at.
  clock.time = order.expiresAt + SECOND;
  expect(await remindExpiringPayments(buyer)).toBe(0);
});

test("a new message reaches the other member's devices once, not the sender's, and not a member who has the conversation open", async () => {
  const { buyer, provider, conversationId } = await openOrderChat();
  const buyerDevice = await deviceOf(buyer);
  const providerDevice = await deviceOf(provider.market);
  const retryId = "push-retry-1";
  await say(buyer, conversationId, "Is row 6 on the aisle?", retryId);
  await say(buyer, conversationId, "Is row 6 on the aisle?", retryId);
  await settlePushes(marketFor(null, { now: () => Date.now() }));
  expect((await shown(providerDevice)).map((push) => [push.body, push.navigate])).toEqual([["Is row 6 on the aisle?", `${ORIGIN}/chat?id=${conversationId}`]]);
  expect(await received(buyerDevice)).toEqual([]);

  const open = await LiveSocket.open(conversationId, provider.userId);
  await say(buyer, conversationId, "Thanks!");
  await settlePushes(marketFor(null, { now: () => Date.now() }));
  expect(await shown(providerDevice)).toHaveLength(1);
  open.socket.close();
});

test("a price alert reaches the devices of the account its address belongs to, with the mail", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing({ quantity: 2, priceMinor: 150_000 });
  const row = await tourOf(sessionId);
  const userId = await makeBuyer();
  const [user] = await testDb.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, userId));
  const device = await deviceOf(marketFor(userId, clock));
  await subscribeTicketAlert(marketFor(null, clock), { tourId: row.tourId, sessionId, email: user.email!, priceBelow: 1_500 });
  await makeListing({ sessionId, quantity: 2, priceMinor: 120_000 });
  const cron = marketFor(null, clock);
  expect(await sendTicketAlerts(cron)).toEqual({ mailed: 1 });
  await settlePushes(cron);
  expect(await shown(device)).toEqual([{ title: "Price drop", body: `${row.title} now has tickets at or under your price.`, navigate: `${ORIGIN}/pick-seat?sessionId=${sessionId}`, lang: "en-US" }]);
});

test("a seller hears that a listing sold and, after the show, that the payout left; the buyer hears support's decision", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const sellerDevice = await deviceOf(seller.market);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { seats: "1-50", faceValue: "1134.57", price: "1134.57" }));
  const buyer = marketFor(await makeBuyer(), clock);
  const buyerDevice = await deviceOf({ ...buyer, viewer: { ...buyer.viewer, language: "zh-HK" } });
  const paid = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(buyer, clock, paid);
  const refunded = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(buyer, clock, refunded);
  const support = await supportOn(clock);
  const opened = await applyForAfterSale(buyer, parsedApplication(refunded.id, { kind: "after_sale", reason: "seats_not_as_described", refundAmount: "1247.70" }));
  await decideCase(support.market, opened.id, decideSchema.parse({ decision: "reject", reason: "The seats match the listing" }), countingProvider().deps);
  clock.advance(32 * DAY);
  await payOutSeller(support.market, { orderId: paid.id });
  await settlePushes(buyer);

  const tour = paid.event.title;
  expect((await shown(sellerDevice)).map((push) => [push.title, push.body, push.navigate])).toEqual([
    ["You sold 2 tickets", `${tour}: deliver them as your listing says.`, `${ORIGIN}/provider/orders/${paid.id}`],
    ["You sold 2 tickets", `${tour}: deliver them as your listing says.`, `${ORIGIN}/provider/orders/${refunded.id}`],
    ["Payout released", `HK$2,155.68 for order ${paid.orderNo} is on its way to you.`, `${ORIGIN}/provider/payouts`],
  ]);
  expect((await shown(buyerDevice)).map((push) => [push.title, push.body])).toEqual([["售後服務進度", `訂單 ${refunded.orderNo}：你的申請未獲批准，原因見訂單。`]]);
});

test("a visitor whose page turned notifications on in the queue is told when the batch lets them in, with the minutes to buy", async () => {
  const clock = clockAt(OPENS + 1);
  const { sessionId } = await makeListing({ quantity: 100 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 60 });
  const places: QueuePlace[] = [];
  for (let i = 0; i < 11; i++) places.push(await joinQueue(marketFor(null, clock), sessionId, BOT_CHECK));
  const tokenOf = (place: QueuePlace) => (place as { queueToken: string }).queueToken;
  const visitor = marketFor(null, clock);
  const last = await deviceOf(visitor);
  const lastTold = await tellTurnTo(visitor, sessionId, tokenOf(places[10]), { endpoint: last.endpoint, auth: last.keys.auth });
  expect(lastTold).toEqual({ told: true });

  // The first batch (10 a batch) passes the eleventh by; the second lets them in.
  clock.time = OPENS + 10 * SECOND;
  await shardStub(env, sessionId, 0).tick(clock.time);
  await settlePushes(visitor);
  expect(await received(last)).toEqual([]);
  clock.time = OPENS + 20 * SECOND;
  await shardStub(env, sessionId, 0).tick(clock.time);
  await settlePushes(visitor);
  const [turn] = await shown(last);
  expect(turn).toMatchObject({ title: "It's your turn", navigate: `${ORIGIN}/waiting-room?sessionId=${sessionId}` });
  expect(turn.body).toMatch(/: you have 15 minutes to choose your tickets\.$/);

  // A place already let in is not told again.
  expect(await tellTurnTo(visitor, sessionId, tokenOf(places[0]), { endpoint: last.endpoint, auth: last.keys.auth })).toEqual({ told: false });

  // A device without an account is forgotten two days after it subscribed; an account's stays.
  const member = await deviceOf(marketFor(await makeBuyer(), clock));
  clock.time += 2 * DAY + MINUTE;
  await settlePushes(visitor);
  const kept = await testDb.select({ endpoint: schema.pushSubscriptions.endpoint }).from(schema.pushSubscriptions).where(inArray(schema.pushSubscriptions.endpoint, [last.endpoint, member.endpoint]));
  expect(kept).toEqual([{ endpoint: member.endpoint }]);
});

test("the API subscribes a signed-in device, reads and saves its settings, and turns it off; bad input is refused (invalidParam) in the viewer's language", async () => {
  const userId = await makeBuyer();
  const headers = await tokenHeaders(userId);
  const device = await newDevice();
  const subscribed = await api("/user/notification/v1/push/subscribe", { method: "POST", headers, body: { endpoint: device.endpoint, keys: device.keys, timeZone: "Asia/Hong_Kong" } });
  expect(subscribed.body.data).toEqual({ topics: ["queue", "alerts", "orders", "messages", "sales"], quietFrom: null, quietUntil: null, timeZone: "Asia/Hong_Kong" });
  const saved = await api("/user/notification/v1/push/settings", { method: "POST", headers, body: { endpoint: device.endpoint, auth: device.keys.auth, topics: ["queue", "orders"], quietFrom: "22:00", quietUntil: "07:00", timeZone: "Asia/Hong_Kong" } });
  expect(saved.body.data).toEqual({ topics: ["queue", "orders"], quietFrom: "22:00", quietUntil: "07:00", timeZone: "Asia/Hong_Kong" });
  expect((await api("/user/notification/v1/push/device", { method: "POST", headers, body: { endpoint: device.endpoint, auth: device.keys.auth } })).body.data).toEqual(saved.body.data);
  const [row] = await testDb.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, device.endpoint));
  expect(row).toMatchObject({ userId, language: "en-US", topics: "queue,orders", quietFrom: 1320, quietUntil: 420 });

  const zh = { ...headers, lan: "zh-HK" };
  const insecure = await api("/user/notification/v1/push/subscribe", { method: "POST", headers: zh, body: { endpoint: "http://push.example/x", keys: device.keys, timeZone: "Asia/Hong_Kong" } });
  expect([insecure.body.statusCode, insecure.body.message]).toEqual([12308, "這部裝置的通知地址無效，請關閉後再開啟通知。"]);
  const half = await api("/user/notification/v1/push/settings", { method: "POST", headers, body: { endpoint: device.endpoint, auth: device.keys.auth, topics: [], quietFrom: "22:00", timeZone: "Asia/Hong_Kong" } });
  expect([half.body.statusCode, half.body.message]).toEqual([12308, "Give quiet hours both a start and an end"]);
  const unknownTopic = await api("/user/notification/v1/push/settings", { method: "POST", headers, body: { endpoint: device.endpoint, auth: device.keys.auth, topics: ["weather"], timeZone: "Asia/Hong_Kong" } });
  expect(unknownTopic.body.statusCode).toBe(12308);
  const badZone = await api("/user/notification/v1/push/subscribe", { method: "POST", headers, body: { endpoint: device.endpoint, keys: device.keys, timeZone: "Mars/Olympus" } });
  expect([badZone.body.statusCode, badZone.body.message]).toEqual([12308, "This device's time zone isn't one we know"]);
  // Knowing the endpoint without its auth secret changes nothing.
  const guessed = await api("/user/notification/v1/push/unsubscribe", { method: "POST", headers, body: { endpoint: device.endpoint, auth: "AAAAAAAAAAAAAAAAAAAAAA" } });
  expect(guessed.body.data).toEqual({ removed: false });
  expect((await api("/user/notification/v1/push/unsubscribe", { method: "POST", headers, body: { endpoint: device.endpoint, auth: device.keys.auth } })).body.data).toEqual({ removed: true });
  expect(await testDb.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  expect((await api<{ publicKey: string }>("/user/notification/v1/push/key", { headers })).body.data).toEqual({ publicKey: "BKhqt7au1PYrljAjf6yInIvBbjrJ9O40o857CYTHpZxtBt74msdiGb8WWXxJC9J9izbCtEq4eSf4GKbIECxJAL4" });
});
