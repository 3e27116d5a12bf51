/**
 * The key holder secrets are sealed under (holder-secret.ts), derived from the Worker secret
 * ENTRY_SEALING_KEY; on the local demo only, from a stand-in written here (config/deployment.ts).
 */
import type { MarketContext } from "../context";
import { requiredSecret } from "../config/deployment";
import { sealingKey } from "./holder-secret";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Seals entry tickets' holder secrets (README 'Deploy'). */
      ENTRY_SEALING_KEY?: string;
    }
  }
}

const LOCAL_DEMO_ENTRY_KEY = "ovation-local-demo-entry-sealing-key";

/** Derived once per secret value an isolate sees (HKDF is cheap, but a door checks many tickets). */
const derived = new Map<string, Promise<CryptoKey>>();

/** The sealing key; refuses with 503 (logged) where ENTRY_SEALING_KEY is missing outside the local demo. */
export function entrySealingKey(ctx: Pick<MarketContext, "env" | "viewer">): Promise<CryptoKey> {
  const secret = requiredSecret(ctx, "ENTRY_SEALING_KEY", LOCAL_DEMO_ENTRY_KEY);
  let key = derived.get(secret);
  if (!key) {
    key = sealingKey(secret);
    derived.set(secret, key);
  }
  return key;
}
