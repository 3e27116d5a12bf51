/**
 * Apple Wallet's side of a pass (market/context/wallet-pass-port.ts):
 *
 * - Signing: the pass's files go to the pass signer Worker (functions/pass-signer) over the
 *   PASS_SIGNER service binding, with the certificate that signs them: the deployment's
 *   (APPLE_PASS_CERTIFICATE, APPLE_PASS_KEY and Apple's WWDR intermediate APPLE_WWDR_CERTIFICATE),
 *   or on the local demo only the signer's own stand-in, asked for by name.
 * - Updates: Apple wakes a device to fetch its pass again with an empty APNs notification. APNs
 *   speaks HTTP/2 only and a Worker's fetch does not, so the Worker posts the device tokens to an
 *   APNs relay (APPLE_PASS_UPDATE_RELAY, which holds the pass certificate for APNs' TLS and
 *   answers one status per token). Without one no device is woken: a pass is still fetched again
 *   when its holder pulls to refresh, and the door takes only the current holder's code anyway.
 */
import * as z from "zod/mini";
import type { ApplePassIdentity, Viewer, WalletPassPort } from "../../market/context";
import { isLocalDemo, notConfigured } from "../../market/config/deployment";
import { base64url } from "../../market/context/crypto";

/** The identity of the local demo's stand-in certificate, which the pass signer holds (functions/pass-signer/local-demo-certificate.ts). */
const LOCAL_DEMO_PASS_IDENTITY = { passTypeIdentifier: "pass.example.ovation.demo", teamIdentifier: "OVATIONDMO" };

declare global {
  namespace Cloudflare {
    interface Env {
      /** The pass signer Worker (functions/pass-signer), bound as a service. */
      PASS_SIGNER?: Fetcher;
      /** The pass type id and team of the pass certificate (public; wrangler.toml vars). */
      APPLE_PASS_TYPE_ID?: string;
      APPLE_TEAM_ID?: string;
      /** The pass type's signing certificate (PEM), its RSA private key (PEM) and Apple's WWDR intermediate (PEM). */
      APPLE_PASS_CERTIFICATE?: string;
      APPLE_PASS_KEY?: string;
      APPLE_WWDR_CERTIFICATE?: string;
      /** An HTTPS endpoint that forwards pass updates to APNs over HTTP/2, and the bearer token it takes. */
      APPLE_PASS_UPDATE_RELAY?: string;
      APPLE_PASS_UPDATE_RELAY_TOKEN?: string;
    }
  }
}

interface Signing {
  identity: ApplePassIdentity;
  certificates: { wwdr: string; signerCert: string; signerKey: string } | "local-demo";
}

function signingOf(env: Env, viewer: Viewer): Signing | null {
  if (!env.PASS_SIGNER) return null;
  if (env.APPLE_PASS_CERTIFICATE && env.APPLE_PASS_KEY && env.APPLE_WWDR_CERTIFICATE && env.APPLE_PASS_TYPE_ID && env.APPLE_TEAM_ID) {
    return {
      identity: { passTypeIdentifier: env.APPLE_PASS_TYPE_ID, teamIdentifier: env.APPLE_TEAM_ID },
      certificates: { wwdr: env.APPLE_WWDR_CERTIFICATE, signerCert: env.APPLE_PASS_CERTIFICATE, signerKey: env.APPLE_PASS_KEY },
    };
  }
  if (!isLocalDemo({ env, viewer })) return null;
  return { identity: LOCAL_DEMO_PASS_IDENTITY, certificates: "local-demo" };
}

const relayAnswer = z.object({ statuses: z.record(z.string(), z.number()) });

export function applePasses(env: Env): WalletPassPort {
  return {
    identity: (viewer) => signingOf(env, viewer)?.identity ?? null,

    async sign(viewer, files) {
      const signing = signingOf(env, viewer);
      if (!signing || !env.PASS_SIGNER) throw notConfigured("APPLE_PASS_KEY");
      const body = JSON.stringify({
        files: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, base64url(bytes)])),
        certificates: signing.certificates,
      });
      const response = await env.PASS_SIGNER.fetch("https://pass-signer/", { method: "POST", headers: { "content-type": "application/json" }, body });
      if (!response.ok) {
        // A refusal here is ours (a pass.json field the signer's schema rejects, a bad certificate): log it and answer 503.
        console.error(JSON.stringify({ level: "error", message: "the pass signer refused a pass", status: response.status, reason: (await response.text()).slice(0, 300) }));
        throw notConfigured("APPLE_PASS_KEY");
      }
      return new Uint8Array(await response.arrayBuffer());
    },

    async tellDevices(passTypeIdentifier, pushTokens) {
      const statuses = new Map(pushTokens.map((token) => [token, 0]));
      const relay = env.APPLE_PASS_UPDATE_RELAY;
      if (!relay || pushTokens.length === 0) return statuses;
      try {
        const response = await fetch(relay, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${env.APPLE_PASS_UPDATE_RELAY_TOKEN ?? ""}` },
          body: JSON.stringify({ topic: passTypeIdentifier, tokens: pushTokens }),
        });
        const answer = relayAnswer.safeParse(await response.json().catch(() => null));
        if (response.ok && answer.success) for (const token of pushTokens) statuses.set(token, answer.data.statuses[token] ?? 0);
      } catch {
        // Unreachable: every token stays 0 and is tried again by the next minute's chore.
      }
      return statuses;
    },
  };
}
