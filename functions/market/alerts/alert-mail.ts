/**
 * Ticket alert mail, sent by the minute cron through the mail port (so the outbox records it).
 *
 * Rules:
 * - An alert follows a scope: one session, or every session of a tour. What the scope offers is
 *   its lowest all-in price right now (demand/price-history.ts), or nothing.
 * - Two events are told: tickets again (the scope had none at the last look and has some now),
 *   and a price drop (the lowest price, in the alert's currency, is at or under the price the
 *   buyer set, and was not at the last look). One mail tells both when both happen.
 * - At most one mail a day per alert: an event that comes sooner waits (the last look is not
 *   moved past it), so it is told when the day is up, if it still holds.
 * - Every mail carries an unsubscribe link, signed, that works without signing in.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { sessions, shows, ticketAlerts, tours, users } from "../../db/schema";
import { notify } from "../notifications";
import { logError } from "../../observability";
import { loadReference, type Reference } from "../reference";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { currentLowest, type TradeLowest } from "../demand/price-history";
import { signToken, verifyToken, type TokenKeys } from "../demand/signed-token";
import { publicOrigin } from "../config/deployment";
import { notFound } from "../errors";
import { convert, formatMoney } from "../money";
import { joinSessionEvent } from "../listings/listing-event";

export const ALERT_MAIL_GAP_MS = 24 * 60 * 60_000;
export const UNSUBSCRIBE_PATH = "/alert-unsubscribe";

type AlertRow = typeof ticketAlerts.$inferSelect;
type Scope = { tourId: number; sessionId: number };
type AlertPrice = Pick<AlertRow, "priceBelowMinor" | "priceCurrency">;
type AlertContext = Pick<MarketContext, "db" | "d1" | "env" | "now" | "mail" | "viewer" | "push" | "defer">;

export interface ScopeState {
  available: boolean;
  below: boolean;
  lowest: TradeLowest | null;
}

/** The cheapest of several sessions' lowest prices, compared in USD. */
function cheapest(reference: Reference, prices: (TradeLowest | undefined)[]): TradeLowest | null {
  const usd = reference.currencyByCode.get("USD");
  let best: { price: TradeLowest; usd: number } | null = null;
  for (const price of prices) {
    const trade = price && reference.currencyByCode.get(price.currency);
    if (!price || !trade) continue;
    const inUsd = usd ? convert(price.allInMinor, trade, usd) : price.allInMinor;
    if (!best || inUsd < best.usd) best = { price, usd: inUsd };
  }
  return best?.price ?? null;
}

function stateOf(reference: Reference, lowest: TradeLowest | null, alert: AlertPrice): ScopeState {
  const trade = lowest && reference.currencyByCode.get(lowest.currency);
  const target = alert.priceCurrency ? reference.currencyByCode.get(alert.priceCurrency) : undefined;
  const below = Boolean(lowest && trade && target && alert.priceBelowMinor !== null && convert(lowest.allInMinor, trade, target) <= alert.priceBelowMinor);
  return { available: lowest !== null, below, lowest };
}

async function sessionsOfTours(ctx: AlertContext, tourIds: number[]): Promise<Map<number, number[]>> {
  if (tourIds.length === 0) return new Map();
  const rows = await joinSessionEvent(
    ctx.db
      .select({ tourId: shows.tourId, sessionId: sessions.id })
      .from(sessions)
      .$dynamic(),
  )
    .where(inArray(shows.tourId, tourIds));
  const byTour = new Map<number, number[]>();
  for (const row of rows) byTour.set(row.tourId, [...(byTour.get(row.tourId) ?? []), row.sessionId]);
  return byTour;
}

/** What the alert's scope offers now, judged against its price. Reads only. */
export async function alertScopeState(ctx: AlertContext, scope: Scope, alert: AlertPrice): Promise<ScopeState> {
  const sessionIds = scope.sessionId ? [scope.sessionId] : ((await sessionsOfTours(ctx, [scope.tourId])).get(scope.tourId) ?? []);
  const [reference, lowest] = await Promise.all([loadReference(ctx), sessionIds.length ? currentLowest(ctx, sessionIds) : new Map<number, TradeLowest>()]);
  return stateOf(reference, cheapest(reference, sessionIds.map((id) => lowest.get(id))), alert);
}

/** The link that ends `alertId`'s mail, signed. */
export async function unsubscribeLink(keys: TokenKeys, alertId: number): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, publicOrigin(keys));
  url.searchParams.set("token", await signToken(keys, "unsub", [alertId]));
  return url.toString();
}

/**
 * The minute cron's look at every active alert: mails those whose scope got tickets again or
 * fell to their price, at most once a day each, and records what it saw. Returns how many mails
 * it sent. Throws only if D1 fails.
 */
export async function sendTicketAlerts(ctx: AlertContext): Promise<{ mailed: number }> {
  const now = ctx.now();
  const alerts = await ctx.db.select().from(ticketAlerts).where(isNull(ticketAlerts.unsubscribedAt));
  if (alerts.length === 0) return { mailed: 0 };
  const [reference, lowest, byTour, titles] = await Promise.all([
    loadReference(ctx),
    currentLowest(ctx),
    sessionsOfTours(ctx, [...new Set(alerts.filter((a) => a.sessionId === 0).map((a) => a.tourId))]),
    ctx.db
      .select({ id: tours.id, en: tours.titleEn, zh: tours.titleZh })
      .from(tours)
      .where(inArray(tours.id, [...new Set(alerts.map((a) => a.tourId))])),
  ]);
  const titleOf = new Map(titles.map((t) => [t.id, t]));
  let mailed = 0;
  for (const alert of alerts) {
    const sessionIds = alert.sessionId ? [alert.sessionId] : (byTour.get(alert.tourId) ?? []);
    const state = stateOf(reference, cheapest(reference, sessionIds.map((id) => lowest.get(id))), alert);
    const ticketsAgain = state.available && alert.seenAvailable === false;
    const priceDrop = state.below && alert.seenBelow === false;
    const mayMail = alert.lastMailedAt === null || now - alert.lastMailedAt >= ALERT_MAIL_GAP_MS;
    if ((ticketsAgain || priceDrop) && !mayMail) continue;
    if (ticketsAgain || priceDrop) {
      const title = titleOf.get(alert.tourId);
      const tourTitle = alert.language === "zh-HK" ? title?.zh : title?.en;
      await ctx.mail.send(await alertMail(ctx, reference, alert, state, { ticketsAgain, priceDrop, tourTitle: tourTitle ?? "" }));
      mailed++;
      await pushAlert(ctx, alert, { ticketsAgain, priceDrop, title, at: now });
    }
    if (ticketsAgain || priceDrop || alert.seenAvailable !== state.available || alert.seenBelow !== state.below) {
      await ctx.db
        .update(ticketAlerts)
        .set({ seenAvailable: state.available, seenBelow: state.below, ...(ticketsAgain || priceDrop ? { lastMailedAt: now } : {}) })
        .where(eq(ticketAlerts.id, alert.id));
    }
  }
  return { mailed };
}

async function alertMail(
  keys: TokenKeys,
  reference: Reference,
  alert: AlertRow,
  state: ScopeState,
  what: { ticketsAgain: boolean; priceDrop: boolean; tourTitle: string },
) {
  const language = alert.language as Language;
  const zh = language === "zh-HK";
  const lowest = state.lowest!;
  const shownIn = reference.currencyByCode.get(alert.priceCurrency ?? lowest.currency) ?? reference.currencyByCode.get(lowest.currency)!;
  const trade = reference.currencyByCode.get(lowest.currency)!;
  const price = formatMoney(convert(lowest.allInMinor, trade, shownIn), shownIn, language);
  const limit = alert.priceBelowMinor !== null ? formatMoney(alert.priceBelowMinor, shownIn, language) : "";
  const origin = publicOrigin(keys);
  const page = alert.sessionId ? `${origin}/pick-seat?sessionId=${alert.sessionId}` : `${origin}/tourDetail?id=${alert.tourId}`;
  const link = await unsubscribeLink(keys, alert.id);
  const headline = zh
    ? what.priceDrop
      ? `${what.tourTitle}：最低價已跌至 ${price}（你設定的價格為 ${limit}）`
      : `${what.tourTitle}：有票了，${price} 起`
    : what.priceDrop
      ? `${what.tourTitle}: the lowest price is now ${price} (your price: ${limit})`
      : `${what.tourTitle}: tickets are available again, from ${price}`;
  const text = zh
    ? [headline, "", `價格為每張門票的全包價，已包括所有必須費用。`, `立即查看：${page}`, "", `不想再收到此提示？取消訂閱：${link}`]
    : [headline, "", "Prices are all-in per ticket, every unavoidable fee included.", `See the tickets: ${page}`, "", `Stop these alerts: ${link}`];
  return {
    to: alert.email,
    kind: "ticket_alert",
    language,
    subject: zh ? (what.priceDrop ? `降價提示：${what.tourTitle}` : `有票提示：${what.tourTitle}`) : what.priceDrop ? `Price drop: ${what.tourTitle}` : `Tickets available: ${what.tourTitle}`,
    text: text.join("\n"),
    // RFC 2369 / RFC 8058: mail clients offer their own unsubscribe button, which POSTs
    // 'List-Unsubscribe=One-Click' to the signed link (the page's action stops the alert).
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Ends the alert a signed unsubscribe token names; no sign-in needed (the token is the proof).
 * Unsubscribing twice is still a success. Throws notFound for a token that is malformed, not
 * signed here, or names no alert. Returns the alert's email, to confirm whose mail stopped.
 */
export async function unsubscribeTicketAlert(ctx: AlertContext, token: string): Promise<{ email: string }> {
  const fields = await verifyToken(ctx, "unsub", token, 1);
  const alertId = fields ? Number(fields[0]) : NaN;
  if (!Number.isSafeInteger(alertId)) throw notFound("alert");
  const [alert] = await ctx.db.select({ email: ticketAlerts.email }).from(ticketAlerts).where(eq(ticketAlerts.id, alertId)).limit(1);
  if (!alert) throw notFound("alert");
  await ctx.db
    .update(ticketAlerts)
    .set({ unsubscribedAt: ctx.now() })
    .where(and(eq(ticketAlerts.id, alertId), isNull(ticketAlerts.unsubscribedAt)));
  return { email: alert.email };
}

/**
 * Tells the devices of the account the alert's address belongs to (an alert needs no account;
 * one without an account has mail only). Once per alert and time it is mailed.
 */
async function pushAlert(ctx: AlertContext, alert: typeof ticketAlerts.$inferSelect, news: { ticketsAgain: boolean; priceDrop: boolean; title: { en: string; zh: string } | undefined; at: number }) {
  try {
    const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, alert.email)).limit(1);
    if (!owner) return;
    const key = news.priceDrop ? "priceDrop" : "ticketsBack";
    await notify(ctx, {
      key: `alert:${alert.id}:${news.at}`,
      topic: "alerts",
      to: { userIds: [owner.id] },
      path: alert.sessionId ? `/pick-seat?sessionId=${alert.sessionId}` : `/tourDetail?id=${alert.tourId}`,
      text: (language) => ({ title: `${key}.title`, body: `${key}.body`, params: { show: (language === "zh-HK" ? news.title?.zh : news.title?.en) ?? "" } }),
      tag: `alert-${alert.id}`,
    });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "pushAlert", alertId: alert.id });
  }
}
