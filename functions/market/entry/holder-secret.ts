/**
 * A ticket's holder secret (the key its entry codes are computed from, entry-code.ts): random,
 * made when the ticket is issued or handed to a new holder, and kept at rest only sealed:
 * AES-256-GCM under a key derived (HKDF-SHA-256) from a Worker secret, with the ticket's id and
 * the secret's version as associated data, so a sealed secret copied onto another ticket, or an
 * older version put back after a resale, does not open.
 */
import { base64url, fromBase64url, randomBytes } from "../context/crypto";

/** 160 bits: RFC 4226's recommended length for an HMAC-SHA-1 key. */
export const HOLDER_SECRET_BYTES = 20;
const IV_BYTES = 12;
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{40,})$/;

export function newHolderSecret(): Uint8Array<ArrayBuffer> {
  return randomBytes(HOLDER_SECRET_BYTES);
}

/** The sealing key from the Worker secret (a passphrase of any length); the info names its one use. */
export async function sealingKey(workerSecret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(workerSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: new TextEncoder().encode("ovation/holder-secret/v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const boundTo = (ticketId: number, version: number) => new TextEncoder().encode(`ticket:${ticketId}:v${version}`);

/** `v1.<iv>.<ciphertext and tag>`, base64url. */
export async function sealHolderSecret(key: CryptoKey, ticketId: number, version: number, secret: Uint8Array<ArrayBuffer>): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boundTo(ticketId, version) }, key, secret);
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The holder secret, or null when the text was not sealed by this key for this ticket and version. */
export async function openHolderSecret(key: CryptoKey, ticketId: number, version: number, sealed: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const parts = SEALED.exec(sealed);
  if (!parts) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64url(parts[1]), additionalData: boundTo(ticketId, version) },
      key,
      fromBase64url(parts[2]),
    );
    return new Uint8Array(opened);
  } catch {
    return null;
  }
}
