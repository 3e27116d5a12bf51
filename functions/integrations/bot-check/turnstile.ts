/**
 * The bot gate: Cloudflare Turnstile. The page shows the widget with the site key; the widget
 * hands the browser a token; the server checks the token with Turnstile's siteverify call,
 * which is outside the product (tests answer it at the HTTP boundary, like the payment provider).
 *
 * Keys: TURNSTILE_SITE_KEY (public) and the secret TURNSTILE_SECRET_KEY. The local demo uses
 * Cloudflare's documented test keys (the widget always passes; siteverify always succeeds), and
 * because the machine it runs on may have no network, it answers siteverify for those test
 * secrets itself, with the answers Cloudflare documents for them, and serves a stand-in widget
 * (local-widget.ts). Anywhere else a missing key refuses with 503, never a public default.
 */
import * as z from "zod";
import type { BotCheckPort, BotCheckWidget, MarketContext, Viewer } from "../../market/context";
import { isLocalDemo, notConfigured, secretOf } from "../../market/config/deployment";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Turnstile's public site key for the widget (the local demo uses Cloudflare's always-passing test key). */
      TURNSTILE_SITE_KEY?: string;
      /** Turnstile's secret for siteverify. */
      TURNSTILE_SECRET_KEY?: string;
    }
  }
}

/** Cloudflare's documented test keys (developers.cloudflare.com/turnstile/troubleshooting/testing). */
export const TURNSTILE_TEST_KEYS = {
  siteAlwaysPasses: "1x00000000000000000000AA",
  siteAlwaysBlocks: "2x00000000000000000000AB",
  secretAlwaysPasses: "1x0000000000000000000000000000000AA",
  secretAlwaysFails: "2x0000000000000000000000000000000AA",
  secretTokenSpent: "3x0000000000000000000000000000000AA",
} as const;

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
export const WIDGET_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
/** The local demo's stand-in for the widget script (served by the Worker there only). */
export const LOCAL_WIDGET_PATH = "/dev/turnstile/api.js";

const siteverifyAnswer = z.object({ success: z.boolean(), "error-codes": z.array(z.string()).default([]) });
export type SiteverifyAnswer = z.output<typeof siteverifyAnswer>;

type Keys = Pick<MarketContext, "env" | "viewer">;

/** The widget's site key and script, or null where the deployment has none (the page then says the check is unavailable). */
export function botCheckWidget(ctx: Keys): BotCheckWidget | null {
  const siteKey = ctx.env.TURNSTILE_SITE_KEY || (isLocalDemo(ctx) ? TURNSTILE_TEST_KEYS.siteAlwaysPasses : null);
  if (!siteKey) return null;
  return isLocalDemo(ctx) ? { siteKey, scriptUrl: LOCAL_WIDGET_PATH, scriptHost: null } : { siteKey, scriptUrl: WIDGET_SCRIPT_URL, scriptHost: new URL(WIDGET_SCRIPT_URL).hostname };
}

/** The port the domain's waiting room calls (market/context/bot-check-port.ts). */
export function turnstileBotCheck(env: Env, fetcher: typeof fetch = fetch): BotCheckPort {
  return {
    widget: (viewer: Viewer) => botCheckWidget({ env, viewer }),
    passed: (viewer: Viewer, token: unknown, remoteIp: string | null) => passedBotCheck({ env, viewer }, token, remoteIp, fetcher),
  };
}

/** What siteverify documents for its test secrets, for the local demo with no network. */
function testSecretAnswer(secret: string, token: string): SiteverifyAnswer | null {
  if (!token) return { success: false, "error-codes": ["missing-input-response"] };
  if (secret === TURNSTILE_TEST_KEYS.secretAlwaysPasses) return { success: true, "error-codes": [] };
  if (secret === TURNSTILE_TEST_KEYS.secretAlwaysFails) return { success: false, "error-codes": ["invalid-input-response"] };
  if (secret === TURNSTILE_TEST_KEYS.secretTokenSpent) return { success: false, "error-codes": ["timeout-or-duplicate"] };
  return null;
}

/**
 * Asks siteverify whether `token` came from a person's browser. False for a missing, forged,
 * expired or spent token, and when siteverify cannot be reached or answers something else (the
 * gate stays shut rather than open). Throws systemError (503) where no secret is set.
 */
export async function passedBotCheck(ctx: Keys, token: unknown, remoteIp: string | null, fetcher: typeof fetch = fetch): Promise<boolean> {
  const secret = secretOf(ctx, "TURNSTILE_SECRET_KEY", TURNSTILE_TEST_KEYS.secretAlwaysPasses);
  if (!secret) throw notConfigured("TURNSTILE_SECRET_KEY");
  const response = typeof token === "string" && token.length <= 2048 ? token : "";
  const local = isLocalDemo(ctx) ? testSecretAnswer(secret, response) : null;
  if (local) return local.success;
  if (!response) return false;
  const form = new URLSearchParams({ secret, response });
  if (remoteIp) form.set("remoteip", remoteIp);
  try {
    const answer = await fetcher(SITEVERIFY_URL, { method: "POST", body: form });
    const parsed = siteverifyAnswer.safeParse(await answer.json());
    return answer.ok && parsed.success && parsed.data.success;
  } catch {
    return false;
  }
}
