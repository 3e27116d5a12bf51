/**
 * What a deployment must be given, in one place: its signing secrets and its public origin.
 *
 * Only the developer's own machine may run without them: the `LOCAL_DEMO` flag is set in
 * wrangler.toml's top-level (local) vars only, which wrangler never passes to env.stage or
 * env.production, and even then only a dev host counts, so a stage or production host served
 * from the same config still needs the real secrets. Elsewhere a missing secret never falls back
 * to a key written in this repository (anyone could forge with it): the paths that need it refuse
 * with 503 and a log line that names the secret.
 */
import type { MarketContext } from "../context";
import { MarketError } from "../errors";

declare global {
  namespace Cloudflare {
    interface Env {
      /** "true" only in wrangler.toml's top-level vars: the local demo (public keys, unsigned partner sign-in). */
      LOCAL_DEMO?: string;
      /** The site's public origin for links in mail (https://www.ovation.example); set per environment in wrangler.toml. */
      PUBLIC_ORIGIN?: string;
    }
  }
}

/** Every secret a deployment sets (README 'Deploy'); each names the paths that refuse without it. */
export const DEPLOYMENT_SECRETS = {
  APPLE_PASS_KEY: "'Add to Apple Wallet' passes (the button is not shown without it and its certificates)",
  DEMAND_SIGNING_KEY: "waiting-room admissions and alert unsubscribe links",
  ENTRY_SEALING_KEY: "Ovation entry tickets (their holder secrets are sealed under it)",
  GOOGLE_WALLET_PRIVATE_KEY: "'Add to Google Wallet' links (the button is not shown without it)",
  IM_SIGNING_KEY: "chat sign-in credentials",
  MTL_LAUNCH_SIGNING_KEY: "MTL_LAUNCH silent sign-in",
  PIAOXIAOER_SIGNING_KEY: "PiaoXiaoer silent sign-in",
  SANDBOX_PAYMENT_SECRET: "the sandbox payment page's callbacks (non-production hosts)",
  SESSION_SIGNING_KEY: "session assertions (signed-in reads then read the session in D1 each time)",
  TURNSTILE_SECRET_KEY: "joining a high-demand session's waiting room (the bot gate's siteverify)",
  VAPID_PRIVATE_KEY: "web push (no page offers notifications without it)",
} as const;
export type DeploymentSecret = keyof typeof DEPLOYMENT_SECRETS;

type KeyContext = Pick<MarketContext, "env" | "viewer">;

/** True on the developer's machine only (see the module's rules). */
export function isLocalDemo(ctx: KeyContext): boolean {
  return ctx.env.LOCAL_DEMO === "true" && ctx.viewer.environment === "dev";
}

/** The error a path answers when its secret is missing: 503, 'not configured'. */
export function notConfigured(name: DeploymentSecret | "PUBLIC_ORIGIN"): MarketError {
  // A warning, not an error line: the deployment is misconfigured, the request itself is answered.
  console.warn(JSON.stringify({ level: "warn", message: `${name} is not set: refusing ${name === "PUBLIC_ORIGIN" ? "mail links" : DEPLOYMENT_SECRETS[name]}`, secret: name }));
  return new MarketError("systemError", { messageKey: "notConfigured", status: 503 });
}

/**
 * The secret's value; on the local demo `localDefault` when unset; otherwise null after logging
 * which secret is missing (callers that cannot go on throw notConfigured).
 */
export function secretOf(ctx: KeyContext, name: DeploymentSecret, localDefault: string): string | null {
  const value = ctx.env[name];
  if (value) return value;
  if (isLocalDemo(ctx)) return localDefault;
  return null;
}

/** As secretOf, but refuses (503, logged) when the secret is missing. */
export function requiredSecret(ctx: KeyContext, name: DeploymentSecret, localDefault: string): string {
  const value = secretOf(ctx, name, localDefault);
  if (value === null) throw notConfigured(name);
  return value;
}

/**
 * The origin links in mail point to: this environment's PUBLIC_ORIGIN (wrangler.toml sets one per
 * environment). Never a guess: a deployment without it refuses to mail links (503, logged).
 */
export function publicOrigin(ctx: Pick<MarketContext, "env">): string {
  const configured = ctx.env.PUBLIC_ORIGIN;
  if (configured && URL.canParse(configured)) return new URL(configured).origin;
  throw notConfigured("PUBLIC_ORIGIN");
}
