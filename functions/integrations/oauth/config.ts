/**
 * Google and Apple sign-in secrets. Each provider is offered only when all of its secrets are
 * set; with none, the sign-in screens simply show no provider buttons.
 */
import type { ThirdPartyProvider } from "../../db/schema";

declare global {
  namespace Cloudflare {
    interface Env {
      GOOGLE_CLIENT_ID?: string;
      GOOGLE_CLIENT_SECRET?: string;
      /** Comma-separated client ids of the native apps, whose ID tokens the API also accepts. */
      GOOGLE_NATIVE_CLIENT_IDS?: string;
      /** The Services ID the web flow uses. */
      APPLE_CLIENT_ID?: string;
      APPLE_TEAM_ID?: string;
      APPLE_KEY_ID?: string;
      /** The Sign in with Apple private key (PKCS#8 PEM, as Apple issues it). */
      APPLE_PRIVATE_KEY?: string;
      /** Comma-separated bundle ids of the native apps, whose ID tokens the API also accepts. */
      APPLE_NATIVE_CLIENT_IDS?: string;
    }
  }
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  audiences: string[];
}

export interface AppleConfig {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKeyPem: string;
  audiences: string[];
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function googleConfig(env: Env): GoogleConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    audiences: [env.GOOGLE_CLIENT_ID, ...list(env.GOOGLE_NATIVE_CLIENT_IDS)],
  };
}

export function appleConfig(env: Env): AppleConfig | null {
  if (!env.APPLE_CLIENT_ID || !env.APPLE_TEAM_ID || !env.APPLE_KEY_ID || !env.APPLE_PRIVATE_KEY) return null;
  return {
    clientId: env.APPLE_CLIENT_ID,
    teamId: env.APPLE_TEAM_ID,
    keyId: env.APPLE_KEY_ID,
    privateKeyPem: env.APPLE_PRIVATE_KEY,
    audiences: [env.APPLE_CLIENT_ID, ...list(env.APPLE_NATIVE_CLIENT_IDS)],
  };
}

/** The providers whose buttons are shown, in display order (Apple first, as Apple requires parity). */
export function configuredProviders(env: Env): ThirdPartyProvider[] {
  const providers: ThirdPartyProvider[] = [];
  if (appleConfig(env)) providers.push("apple");
  if (googleConfig(env)) providers.push("google");
  return providers;
}
