/**
 * Ovation entry codes (tickets at the gate): the code a ticket's QR shows changes every
 * ENTRY_CODE_PERIOD_SECONDS, computed on the phone from the ticket's holder secret, so a
 * screenshot is worthless a step later, and checked at the door from the same secret, offline.
 *
 * It is TOTP (RFC 6238) over WebCrypto's HMAC, the same in the browser, the service worker and
 * the Worker. Only RFC 4226's counter encoding and dynamic truncation are written here (a few
 * lines a library would add kilobytes of its own hashing to the ticket screen for).
 */
import { sameSecret } from "../context/crypto";

export const ENTRY_CODE_PERIOD_SECONDS = 15;
export const ENTRY_CODE_DIGITS = 8;
/** Steps either side of the door's clock a code is still taken at: a phone's clock a little off, a code shown as it turns. */
export const ENTRY_CODE_WINDOW = 1;

export type OtpHash = "SHA-1" | "SHA-256" | "SHA-512";

export interface TotpOptions {
  period: number;
  digits: number;
  hash: OtpHash;
}

const ENTRY_CODE: TotpOptions = { period: ENTRY_CODE_PERIOD_SECONDS, digits: ENTRY_CODE_DIGITS, hash: "SHA-1" };

/** RFC 4226: HMAC over the 8-byte big-endian counter, dynamically truncated to `digits` decimal digits. */
export async function hotp(secret: Uint8Array<ArrayBuffer>, counter: number, digits: number, hash: OtpHash = "SHA-1"): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash }, false, ["sign"]);
  const message = new DataView(new ArrayBuffer(8));
  message.setBigUint64(0, BigInt(counter));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message.buffer));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step a moment falls in (RFC 6238's T, from the Unix epoch). */
export const stepAt = (atMs: number, period = ENTRY_CODE_PERIOD_SECONDS): number => Math.floor(atMs / 1000 / period);

/** RFC 6238: the code at `atMs`. */
export function totp(secret: Uint8Array<ArrayBuffer>, atMs: number, options: TotpOptions): Promise<string> {
  return hotp(secret, stepAt(atMs, options.period), options.digits, options.hash);
}

/** The entry code a ticket shows at `atMs`. */
export function entryCodeAt(secret: Uint8Array<ArrayBuffer>, atMs: number): Promise<string> {
  return totp(secret, atMs, ENTRY_CODE);
}

/**
 * Whether `code` is the ticket's at the door's `atMs`, within ENTRY_CODE_WINDOW steps either
 * side; the step it matched (−1, 0 or +1) when it is. Every step in the window is computed and
 * compared in time that does not depend on the code, so timing tells nothing of a near miss.
 */
export async function checkEntryCode(
  secret: Uint8Array<ArrayBuffer>,
  code: string,
  atMs: number,
): Promise<{ valid: true; offset: number } | { valid: false }> {
  const now = stepAt(atMs);
  const offsets = Array.from({ length: 2 * ENTRY_CODE_WINDOW + 1 }, (_, i) => i - ENTRY_CODE_WINDOW);
  const codes = await Promise.all(offsets.map((offset) => hotp(secret, now + offset, ENTRY_CODE_DIGITS)));
  let matched: number | null = null;
  for (const [i, expected] of codes.entries()) if (sameSecret(expected, code) && matched === null) matched = offsets[i];
  return matched === null ? { valid: false } : { valid: true, offset: matched };
}

/**
 * The fixed code of an Apple Wallet pass (apple-wallet.ts): Wallet cannot compute a rotating
 * code, so its QR carries the holder secret's HOTP at a counter no time step reaches (0 is the
 * step of 1970). It is as good at the door as the rotating code until the ticket moves, when the
 * new secret kills it; a copy of it is let in once, like any code, by the check-in record.
 */
export const WALLET_CODE_COUNTER = 0;

export function walletCodeOf(secret: Uint8Array<ArrayBuffer>): Promise<string> {
  return hotp(secret, WALLET_CODE_COUNTER, ENTRY_CODE_DIGITS);
}

/** What a QR carries: a kind and version (OVT1 rotating, OVW1 a wallet pass's fixed code), the ticket and its code; nothing personal. */
const PAYLOAD = /^(OVT1|OVW1)\.([1-9][0-9]{0,15})\.([0-9]{8})$/;

export interface ScannedCode {
  ticketId: number;
  code: string;
  /** The fixed code of a wallet pass, not the screen's rotating one. */
  wallet: boolean;
}

export function entryPayload(ticketId: number, code: string): string {
  return `OVT1.${ticketId}.${code}`;
}

export function walletPayload(ticketId: number, code: string): string {
  return `OVW1.${ticketId}.${code}`;
}

/** The ticket and code a scanned QR carries, or null for anything that is not an Ovation entry code. */
export function parseEntryPayload(text: string): ScannedCode | null {
  const match = PAYLOAD.exec(text.trim());
  if (!match) return null;
  const ticketId = Number(match[2]);
  return Number.isSafeInteger(ticketId) ? { ticketId, code: match[3], wallet: match[1] === "OVW1" } : null;
}

/** Whether a scanned code is the ticket's at `atMs`: the rotating code within the window, or the wallet pass's fixed code. */
export async function checkScannedCode(secret: Uint8Array<ArrayBuffer>, scanned: ScannedCode, atMs: number): Promise<boolean> {
  if (scanned.wallet) return sameSecret(await walletCodeOf(secret), scanned.code);
  return (await checkEntryCode(secret, scanned.code, atMs)).valid;
}
