/**
 * The few cryptographic pieces accounts are built from, on WebCrypto so they run the same in
 * workerd and Node: random tokens, SHA-256 digests, PBKDF2 password hashes and a comparison
 * whose time does not depend on where two secrets first differ.
 */

/** workerd refuses PBKDF2 above 100,000 iterations; use all of them. */
export const PBKDF2_ITERATIONS = 100_000;
const PBKDF2_SALT_BYTES = 16;
const PBKDF2_HASH_BITS = 256;
const PASSWORD_HASH_SCHEME = "pbkdf2-sha256";

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** An unguessable bearer token: 32 random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return base64url(randomBytes(bytes));
}

/** A uniformly random string of `length` decimal digits (rejection sampling, no modulo bias). */
export function randomDigits(length: number): string {
  let digits = "";
  while (digits.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 250 && digits.length < length) digits += String(byte % 10);
    }
  }
  return digits;
}

/** Bytes as lower-case hex, two digits a byte. */
export function hexOf(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return base64url(new Uint8Array(digest));
}

/** Equal strings, compared in time that depends only on their lengths. */
export function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, PBKDF2_HASH_BITS);
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>`: the iterations travel with the hash, so they can rise later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(PBKDF2_SALT_BYTES);
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return [PASSWORD_HASH_SCHEME, PBKDF2_ITERATIONS, base64url(salt), base64url(hash)].join("$");
}

/** True when the password matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== PASSWORD_HASH_SCHEME || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  if (!saltText || !hashText) return false;
  const hash = await pbkdf2(password, fromBase64url(saltText), iterations);
  return sameSecret(base64url(hash), hashText);
}

/**
 * A hash that matches no password, checked when the address has no password, so a wrong
 * guess costs the same time whether or not the account exists.
 */
export const UNMATCHABLE_PASSWORD_HASH = `${PASSWORD_HASH_SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$invalid`;
