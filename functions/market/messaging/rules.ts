/**
 * The rules of chat that need no database: when an order's chat is open, and what a message may
 * carry. Pure, so the worker, the Durable Object and the browser all apply the same ones.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC §9: an order's chat opens 1 day before the event … */
export const ORDER_CHAT_OPENS_BEFORE_MS = DAY;
/** … and stays open until 7 days after it; read-only after that. */
export const ORDER_CHAT_CLOSES_AFTER_MS = 7 * DAY;
/** SPEC §9: messages are viewable for the last 30 days only. */
export const MESSAGE_RETENTION_MS = 30 * DAY;
/** TUIKit's default: one's own message can be recalled within 2 minutes. */
export const RECALL_WINDOW_MS = 2 * MINUTE;
/** At most 20 messages a minute per sender (requestTooFrequent 12304 past that). */
export const SEND_LIMIT = 20;
export const SEND_LIMIT_WINDOW_MS = MINUTE;
/**
 * New entries reach the D1 index (the list's last message, unread counts) this long after
 * delivery, as one batch: a burst is one write, and the socket never waits on D1.
 */
export const INDEX_AFTER_MS = 150;
/** A failed index write is tried again after this, doubling up to INDEX_RETRY_MAX_MS. */
export const INDEX_RETRY_MS = 1_000;
export const INDEX_RETRY_MAX_MS = 5 * MINUTE;
/** At most one typing frame a socket sends is relayed in this time; the rest are dropped. */
export const TYPING_EVERY_MS = 2_500;
export const MAX_TEXT_LENGTH = 2000;
/** SPEC §9: support replies within 48 hours; the queue measures waiting against it. */
export const SUPPORT_REPLY_PROMISE_MS = 48 * HOUR;
/** A participant offline this long with unread messages gets one email … */
export const OFFLINE_EMAIL_AFTER_MS = 10 * MINUTE;
/** … and at most one per conversation in this time. */
export const OFFLINE_EMAIL_EVERY_MS = HOUR;

/** Why a member reports a message to support. */
export const REPORT_REASONS = ["scam", "abuse", "spam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export type ChatWindowState = "before" | "open" | "closed";

export interface ChatWindow {
  opensAt: number;
  closesAt: number;
  state: ChatWindowState;
}

/** The window of an order's chat, from its session's start, at `now`. */
export function orderChatWindow(startsAt: number, now: number): ChatWindow {
  const opensAt = startsAt - ORDER_CHAT_OPENS_BEFORE_MS;
  const closesAt = startsAt + ORDER_CHAT_CLOSES_AFTER_MS;
  return { opensAt, closesAt, state: now < opensAt ? "before" : now < closesAt ? "open" : "closed" };
}

// Contact details and off-platform payment: the signals resale scams are known for.
const EMAIL = /[A-Za-z0-9._%+-]+\s*(?:@|＠|\(at\)|\[at\])\s*[A-Za-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[A-Za-z0-9-]+)+/gi;
// Seven or more digits, allowing spaces, dots, dashes and brackets between them and a leading +.
const PHONE = /\+?\d(?:[\s().-]*\d){6,}/g;
const PAYMENT_LINK =
  /(?:https?:\/\/)?(?:www\.)?(?:paypal\.me|paypal\.com|venmo\.com|cash\.app|wise\.com|revolut\.me|buy\.stripe\.com|pay\.stripe\.com|qr\.alipay\.com|payme\.hsbc|wechatpay|weixin\.qq\.com|fps\.hk)[^\s]*/gi;
const PAYMENT_TALK =
  /\b(?:pay(?:ment|pal|me)?|paid|transfer|bank|iban|venmo|wise|revolut|fps|alipay|wechat ?pay|cash|deposit|crypto|usdt|btc)\b|付款|轉帳|轉賬|過數|入數|銀行|支付寶|微信支付|轉數快|按金|現金/i;

export const MASK = "•••";

export interface MaskResult {
  text: string;
  /** Something was hidden: the message carries the notice that keeps the deal on the platform. */
  masked: boolean;
}

/**
 * Hides payment links always, and phone numbers and email addresses when contact is not yet
 * allowed (before the window) or when the message talks about payment.
 */
export function maskMessage(text: string, options: { contactAllowed: boolean }): MaskResult {
  let masked = false;
  const hide = () => {
    masked = true;
    return MASK;
  };
  let out = text.replace(PAYMENT_LINK, hide);
  if (!options.contactAllowed || PAYMENT_TALK.test(text)) out = out.replace(EMAIL, hide).replace(PHONE, hide);
  return { text: out, masked };
}

/** The one-line preview a conversation list shows. */
export function previewOf(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The order's events that post a system message in its chat (the chat namespace's `system.*`). */
export const SYSTEM_EVENTS = ["supportJoined", "eTicketsDelivered", "readyForPickup", "refundApproved"] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

const SYSTEM_PREVIEW = "system:";

/** The list's preview of a system message: its event, translated where it is shown. */
export function systemPreview(event: SystemEvent): string {
  return `${SYSTEM_PREVIEW}${event}`;
}

/** The list's preview of an entry: the words, a photo, the venue, or the system line's event; null once recalled. */
export function entryPreview(entry: { kind: string; text: string; recalledAt: number | null }): string | null {
  if (entry.recalledAt !== null) return null;
  switch (entry.kind) {
    case "image":
      return "📷";
    case "location":
      return "📍";
    case "system":
      return (SYSTEM_EVENTS as readonly string[]).includes(entry.text) ? systemPreview(entry.text as SystemEvent) : null;
    default:
      return previewOf(entry.text);
  }
}

/** The event a preview stands for, or null for a member's own words. */
export function systemPreviewKey(preview: string): SystemEvent | null {
  if (!preview.startsWith(SYSTEM_PREVIEW)) return null;
  const key = preview.slice(SYSTEM_PREVIEW.length);
  return (SYSTEM_EVENTS as readonly string[]).includes(key) ? (key as SystemEvent) : null;
}
