/**
 * Small factories for account tests: read a mailed code from the outbox, register an account
 * through the API, build a domain context with a clock the test moves, and sign browser forms.
 */
import { env } from "cloudflare:test";
import { createMarketContext, type MarketContext } from "../../../functions/wiring";
import { DEFAULT_VIEWER, type Viewer } from "../../../functions/market/context/viewer";
import { api, ORIGIN, page } from "./api";

let counter = 0;

/** A fresh address per call, so tests never share an account. */
export function newEmail(label = "buyer"): string {
  counter += 1;
  return `${label}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const STRONG_PASSWORD = "Encore#2026";

/** The newest mail the outbox holds for the address. */
export async function latestMail(email: string) {
  const row = await env.DB.prepare("SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
    .bind(email.toLowerCase())
    .first<{ subject: string; text_body: string; html_body: string | null; language: string; kind: string; status: string }>();
  if (!row) throw new Error(`no mail for ${email}`);
  return row;
}

/** The 6-digit code in the newest mail to the address. */
export async function latestCode(email: string): Promise<string> {
  const mail = await latestMail(email);
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error(`no code in mail to ${email}`);
  return code;
}

export interface SignedInAnswer {
  userId: number;
  accessToken: string;
  tsessionid: string;
  newUser: boolean;
  email: string;
  maskEmail: string;
}

/** Registers an account through the API (code, then password) and returns its first session. */
export async function registerThroughApi(email = newEmail(), password = STRONG_PASSWORD): Promise<SignedInAnswer> {
  const sent = await api("/user/v1/mts/verify_code/send", { body: { email, scene: "register" } });
  if (sent.body.statusCode !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(email);
  const registered = await api<SignedInAnswer>("/user/v1/mts/register", { body: { email, code, password } });
  if (registered.body.statusCode !== 200) throw new Error(`not registered: ${JSON.stringify(registered.body)}`);
  return registered.body.data;
}

/** A domain context on the test's D1 whose clock the test sets. */
export function marketAt(clock: { now: number }, viewer: Partial<Viewer> = {}): MarketContext {
  return createMarketContext({ env, viewer: { ...DEFAULT_VIEWER, ...viewer }, now: () => clock.now });
}

/** A domain context whose clock starts at `start` (now unless given) and moves when the test moves it. */
export function movableMarket(start = Date.now(), viewer: Partial<Viewer> = {}) {
  const clock = { now: start };
  return { clock, ctx: marketAt(clock, viewer) };
}

/** Posts a form the way a browser without JavaScript does (same origin). */
export function postForm(path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  // React Router compares a form's Origin with the Host, which a browser always sends.
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", host: new URL(ORIGIN).host };
  if (cookie) headers.cookie = cookie;
  return page(path, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The value a response sets for one cookie ('' when it clears it, undefined when it does not touch it). */
export function setCookieValue(response: Response, name: string): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";", 1);
    const at = pair.indexOf("=");
    if (pair.slice(0, at) === name) return decodeURIComponent(pair.slice(at + 1));
  }
  return undefined;
}
