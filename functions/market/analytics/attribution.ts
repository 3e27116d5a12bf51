/**
 * Ad attribution (SPEC §3, §9). The ad fields of the address a buyer arrived on are kept on the
 * device for 90 days (the `adParams` cookie, written by the web door on the first request that
 * carries them, and by the browser's ad-params module in localStorage); an order placed while
 * they are kept records them, so a sale can be credited to its campaign. A native app sends the
 * same JSON in the `adParams` header.
 */
import { parse, serialize } from "cookie";
import { eq, sql } from "drizzle-orm";
import { orderAttributions, orders } from "../../db/schema";
import type { MarketContext } from "../context";
import { prepare } from "../context/statements";
import { AD_PARAM_NAMES, adParamsFrom, type AdParams } from "./ad-params";

export const AD_PARAMS_COOKIE = "adParams";
export const AD_PARAMS_DAYS = 90;
const AD_PARAMS_MS = AD_PARAMS_DAYS * 24 * 60 * 60_000;

interface KeptAdParams {
  params: AdParams;
  capturedAt: number;
}

/** Reads kept ad fields (cookie value or header, JSON {params, capturedAt}); null when absent, malformed or older than 90 days. */
export function readKeptAdParams(raw: string | null | undefined, now: number): KeptAdParams | null {
  if (!raw || raw.length > 16_384) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { params, capturedAt } = parsed as { params?: unknown; capturedAt?: unknown };
  if (typeof capturedAt !== "number" || !Number.isFinite(capturedAt) || now - capturedAt > AD_PARAMS_MS || capturedAt > now + 60_000) return null;
  if (typeof params !== "object" || params === null) return null;
  const search = new URLSearchParams();
  for (const name of AD_PARAM_NAMES) {
    const value = (params as Record<string, unknown>)[name];
    if (typeof value === "string") search.set(name, value);
  }
  const cleaned = adParamsFrom(search);
  return Object.keys(cleaned).length > 0 ? { params: cleaned, capturedAt } : null;
}

/**
 * The ad fields a request carries: its own address's (a new ad wins), else the kept cookie, else
 * the app's header. `setCookie` is the cookie to write when the address brought new ones.
 */
export function adParamsOfRequest(request: Request, now: number): { kept: KeptAdParams | null; setCookie: string | null } {
  const fresh = adParamsFrom(new URL(request.url).searchParams);
  if (Object.keys(fresh).length > 0) {
    const kept = { params: fresh, capturedAt: now };
    const setCookie = serialize(AD_PARAMS_COOKIE, JSON.stringify(kept), { path: "/", maxAge: AD_PARAMS_DAYS * 24 * 60 * 60, sameSite: "lax", secure: true });
    return { kept, setCookie };
  }
  const cookie = parse(request.headers.get("cookie") ?? "")[AD_PARAMS_COOKIE];
  return { kept: readKeptAdParams(cookie, now) ?? readKeptAdParams(request.headers.get("adParams"), now), setCookie: null };
}

/**
 * The statement that records the viewer's kept ad fields on the order numbered `orderNo`, for
 * the batch that places it (after the order's INSERT, so a refused order records nothing); null
 * when the viewer keeps none. Side effect: one order_attributions row, kept if already there.
 */
export function attributionStatement(ctx: MarketContext, orderNo: string): D1PreparedStatement | null {
  const kept = ctx.viewer.adParams;
  if (!kept) return null;
  // Part of the order's own batch, keyed by the order number the batch has just inserted.
  return prepare(
    ctx.d1,
    sql`INSERT OR IGNORE INTO ${orderAttributions} (order_id, campaign, params, captured_at)
        SELECT ${orders.id}, ${kept.params.utm_campaign ?? ""}, ${JSON.stringify(kept.params)}, ${kept.capturedAt} FROM ${orders} WHERE ${orders.orderNo} = ${orderNo}`,
  );
}

/** An order's attribution, for support and the funnel's paid step. */
export async function attributionOf(ctx: MarketContext, orderId: number): Promise<{ campaign: string; params: AdParams } | null> {
  const [row] = await ctx.db
    .select({ campaign: orderAttributions.campaign, params: orderAttributions.params })
    .from(orderAttributions)
    .where(eq(orderAttributions.orderId, orderId))
    .limit(1);
  return row ? { campaign: row.campaign, params: JSON.parse(row.params) as AdParams } : null;
}
