/**
 * The buyer's mails about a paid order, in the buyer's language, through the mail port (so
 * into the outbox, and on to the provider when one is configured):
 * - the order confirmation right after payment: order, seats, delivery, what happens next and
 *   the guarantee, as pay success promises ('We've emailed your order details');
 * - one mail at each delivery step that needs the buyer to act: e-tickets ready, ready for
 *   pickup (or collection at the venue), shipped with its tracking number, transfer sent.
 *
 * A mail never fails the step that caused it: a failure is logged, the step stands.
 */
import { eq } from "drizzle-orm";
import { deliveries, users } from "../../db/schema";
import type { MailMessage } from "../context/mail-port";
import { serviceGreeting, serviceSignature } from "../context/service-mail";
import { logError } from "../../observability";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { glossaryFor } from "../glossary";
import { isLanguage } from "../context/language";
import { selectDeliveryRows, type DeliveryRow } from "./delivery-views";
import { MACHINES, type StepName } from "./machine";
import { notify } from "../notifications";

/** The steps after which the buyer has something to do, and the mail each sends. */
const STEP_MAILS = {
  etickets_delivered: "eticket_ready",
  marked_ready: "ready_for_pickup",
  shipped: "shipped",
  transfer_sent: "transfer_sent",
} as const satisfies Partial<Record<StepName, string>>;

type StepMail = (typeof STEP_MAILS)[keyof typeof STEP_MAILS];

/** Where the order is found in the app (mail carries no host: one Worker serves many). */
const ORDER_PLACE: Record<Language, string> = { "en-US": "Your order is under Me › My orders.", "zh-HK": "你可在「我的 › 我的訂單」查看訂單。" };

function when(at: number, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { timeZone, dateStyle: "medium", timeStyle: "short" }).format(at);
}

interface MailFacts {
  language: Language;
  to: string;
  orderNo: string;
  orderLink: string;
  title: string;
  when: string;
  venue: string;
  seats: string;
  quantity: number;
  method: string;
}

function factsOf(row: DeliveryRow, language: Language): MailFacts {
  const zh = language === "zh-HK";
  const section = zh ? row.sectionZh : row.sectionEn;
  const rowPart = row.rowLabel ? (zh ? ` ${row.rowLabel} 行` : `, row ${row.rowLabel}`) : "";
  return {
    language,
    to: row.order.contactEmail,
    orderNo: row.order.orderNo,
    orderLink: ORDER_PLACE[language],
    title: zh ? row.titleZh : row.titleEn,
    when: when(row.startsAt, row.timeZone, language),
    venue: zh ? row.venueNameZh : row.venueNameEn,
    seats: `${section}${rowPart}`,
    quantity: row.order.quantity,
    method: glossaryFor(language).deliveryMethod[row.delivery.method],
  };
}

function summary(facts: MailFacts): string[] {
  if (facts.language === "zh-HK") {
    return [
      `訂單編號：${facts.orderNo}`,
      `演出：${facts.title}`,
      `時間：${facts.when}`,
      `場館：${facts.venue}`,
      `座位：${facts.seats} × ${facts.quantity} 張`,
      `取票方式：${facts.method}`,
    ];
  }
  return [
    `Order number: ${facts.orderNo}`,
    `Show: ${facts.title}`,
    `When: ${facts.when}`,
    `Venue: ${facts.venue}`,
    `Seats: ${facts.seats} × ${facts.quantity}`,
    `Delivery: ${facts.method}`,
  ];
}

/** What happens next for a just-paid order, by where its delivery starts. */
function nextSteps(row: DeliveryRow, language: Language): string {
  const zh = language === "zh-HK";
  const method = row.delivery.method;
  if (method === "E_TICKET" && row.delivery.state === MACHINES.E_TICKET.final) {
    return zh ? "你的電子門票已經準備好，可在訂單詳情中查看。" : "Your e-tickets are ready: open them from your order.";
  }
  const next: Record<typeof method, [string, string]> = {
    E_TICKET: ["The seller uploads your e-tickets before the show; we email you when they are ready.", "賣家會在演出前上載電子門票，準備好後我們會以電郵通知你。"],
    SELF_PICKUP: ["The seller sets a pickup time and place; we email you when your tickets are ready for pickup.", "賣家會安排取票時間及地點，門票可以自取時我們會以電郵通知你。"],
    ON_SITE: ["The seller sets where to collect your tickets at the venue; we email you when they are ready.", "賣家會安排場館取票地點，準備好後我們會以電郵通知你。"],
    EXPRESS: ["The seller ships your tickets to your address; we email you the tracking number when they are on their way.", "賣家會把門票寄到你的收件地址，寄出後我們會以電郵通知你追蹤編號。"],
    TICKET_TRANSFER: ["The seller transfers your tickets to you; we email you when the transfer is sent, for you to accept.", "賣家會把門票轉讓給你，發出轉讓後我們會以電郵通知你接受。"],
    CUSTOMER_REDEMPTION: ["The seller sends you a code to redeem at the box office; you will find it in your order.", "賣家會提供票房換票的兌換碼，你可在訂單中查看。"],
  };
  return next[method][zh ? 1 : 0];
}

function guaranteeLine(language: Language): string {
  const term = glossaryFor(language).term.guarantee;
  return language === "zh-HK" ? `${term}：保證入場，否則全數退款。` : `${term}: you get in, or you get your money back in full.`;
}

/** The order confirmation after payment. */
export function orderConfirmationMail(row: DeliveryRow, language: Language): MailMessage {
  const facts = factsOf(row, language);
  const zh = language === "zh-HK";
  return {
    to: facts.to,
    kind: "order_confirmed",
    language,
    subject: zh ? `訂單 ${facts.orderNo} 已確認：${facts.title}` : `Order ${facts.orderNo} confirmed: ${facts.title}`,
    text: [
      serviceGreeting(language),
      "",
      zh ? "多謝你的購買，付款已完成，你的訂單已確認。" : "Thank you: your payment went through and your order is confirmed.",
      "",
      ...summary(facts),
      "",
      zh ? `接下來：${nextSteps(row, language)}` : `What happens next: ${nextSteps(row, language)}`,
      "",
      guaranteeLine(language),
      facts.orderLink,
      "",
      serviceSignature(language),
    ].join("\n"),
  };
}

/** What a delivery step tells the buyer, in their language. */
function stepBody(mail: StepMail, row: DeliveryRow, language: Language): { subject: string; lines: string[] } {
  const zh = language === "zh-HK";
  const { delivery, order, timeZone } = row;
  const orderNo = order.orderNo;
  switch (mail) {
    case "eticket_ready":
      return {
        subject: zh ? `訂單 ${orderNo} 的電子門票已準備好` : `Your e-tickets for order ${orderNo} are ready`,
        lines: [zh ? "你的電子門票已準備好，請在訂單詳情中查看及下載。" : "Your e-tickets are ready. Open your order to view and download them."],
      };
    case "ready_for_pickup": {
      const at = delivery.pickupAt ? when(delivery.pickupAt, timeZone, language) : "";
      return {
        subject: zh ? `訂單 ${orderNo} 的門票可以取票` : `Your tickets for order ${orderNo} are ready for pickup`,
        lines: zh
          ? ["你的門票已準備好。", `取票時間：${at}`, `取票地點：${delivery.pickupLocation ?? ""}`, "取票時請出示訂單中的取票碼。"]
          : ["Your tickets are ready.", `When: ${at}`, `Where: ${delivery.pickupLocation ?? ""}`, "Show the pickup code in your order at the counter."],
      };
    }
    case "shipped":
      return {
        subject: zh ? `訂單 ${orderNo} 的門票已寄出` : `Your tickets for order ${orderNo} have shipped`,
        lines: zh
          ? ["你的門票已寄出。", `速遞公司：${delivery.carrier ?? ""}`, `追蹤編號：${delivery.trackingNo ?? ""}`, "收到門票後，請在訂單中確認收票。"]
          : ["Your tickets are on their way.", `Carrier: ${delivery.carrier ?? ""}`, `Tracking number: ${delivery.trackingNo ?? ""}`, "Once they arrive, confirm receipt in your order."],
      };
    case "transfer_sent":
      return {
        subject: zh ? `訂單 ${orderNo} 的門票轉讓已發出` : `The transfer of your tickets for order ${orderNo} is sent`,
        lines: zh
          ? ["賣家已把門票轉讓給你。", `轉讓至：${delivery.transferTo ?? ""}`, `參考編號：${delivery.transferRef ?? ""}`, "請接受轉讓，並在訂單中確認。"]
          : ["The seller has sent your tickets.", `Sent to: ${delivery.transferTo ?? ""}`, `Reference: ${delivery.transferRef ?? ""}`, "Accept the transfer, then confirm it in your order."],
      };
  }
}

/** The mail for a delivery step that needs the buyer, or null for any other step. */
export function deliveryStepMail(step: StepName, row: DeliveryRow, language: Language): MailMessage | null {
  const mail = (STEP_MAILS as Partial<Record<StepName, StepMail>>)[step];
  if (!mail) return null;
  const facts = factsOf(row, language);
  const { subject, lines } = stepBody(mail, row, language);
  return {
    to: facts.to,
    kind: `delivery_${mail}`,
    language,
    subject,
    text: [serviceGreeting(language), "", ...lines, "", ...summary(facts), "", facts.orderLink, "", serviceSignature(language)].join("\n"),
  };
}

async function rowAndLanguage(ctx: MarketContext, orderId: number): Promise<{ row: DeliveryRow; language: Language } | null> {
  const [row] = await selectDeliveryRows(ctx).where(eq(deliveries.orderId, orderId)).limit(1);
  if (!row) return null;
  const [user] = await ctx.db.select({ language: users.defaultLanguage }).from(users).where(eq(users.id, row.order.userId)).limit(1);
  return { row, language: user && isLanguage(user.language) ? user.language : "en-US" };
}

async function mailSafely(ctx: MarketContext, orderId: number, where: string, build: (row: DeliveryRow, language: Language) => MailMessage | null) {
  try {
    const found = await rowAndLanguage(ctx, orderId);
    const message = found ? build(found.row, found.language) : null;
    if (message) await ctx.mail.send(message);
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where, orderId });
  }
}

/** Mails the order confirmation of a just-paid order. Never throws (a failure is logged). */
export function mailOrderConfirmation(ctx: MarketContext, orderId: number): Promise<void> {
  return mailSafely(ctx, orderId, "mailOrderConfirmation", orderConfirmationMail);
}

/** The push each step that needs the buyer sends (the `push` namespace's keys). */
const STEP_PUSHES: Record<StepMail, string> = {
  eticket_ready: "ticketsReady",
  ready_for_pickup: "readyForPickup",
  shipped: "shipped",
  transfer_sent: "transferSent",
};

/**
 * Mails the buyer after `step` when it needs them, and tells their devices that take order news
 * (once per order and step). Never throws (a failure is logged).
 */
export async function mailDeliveryStep(ctx: MarketContext, orderId: number, step: StepName): Promise<void> {
  const mail = (STEP_MAILS as Partial<Record<StepName, StepMail>>)[step];
  if (!mail) return;
  try {
    const found = await rowAndLanguage(ctx, orderId);
    if (!found) return;
    const { row } = found;
    const message = deliveryStepMail(step, row, found.language);
    if (message) await ctx.mail.send(message);
    const key = STEP_PUSHES[mail];
    await notify(ctx, {
      key: `delivery:${orderId}:${step}`,
      topic: "orders",
      to: { userIds: [row.order.userId] },
      path: `/order-detail?id=${orderId}`,
      text: (language) => ({ title: `${key}.title`, body: `${key}.body`, params: { show: language === "zh-HK" ? row.titleZh : row.titleEn, orderNo: row.order.orderNo } }),
      tag: `order-${orderId}`,
    });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "mailDeliveryStep", orderId });
  }
}
