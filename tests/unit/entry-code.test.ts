/**
 * Entry codes (functions/market/entry): RFC 6238's own test vectors, then ours (15-second steps,
 * eight digits, worked out separately with Node's createHmac), the door's window of one step
 * either side, the QR's payload, and the holder secret sealed at rest.
 */
import { expect, test } from "vitest";
import { checkEntryCode, checkScannedCode, entryCodeAt, entryPayload, parseEntryPayload, totp, walletCodeOf, walletPayload, type OtpHash } from "../../functions/market/entry/entry-code";
import { newHolderSecret, openHolderSecret, sealHolderSecret, sealingKey } from "../../functions/market/entry/holder-secret";

const ascii = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

// RFC 6238 appendix B: seeds of 20, 32 and 64 bytes, 30-second steps, eight digits.
const RFC_SEEDS: Record<OtpHash, Uint8Array<ArrayBuffer>> = {
  "SHA-1": ascii("12345678901234567890"),
  "SHA-256": ascii("12345678901234567890123456789012"),
  "SHA-512": ascii("1234567890123456789012345678901234567890123456789012345678901234"),
};
const RFC_VECTORS: [number, OtpHash, string][] = [
  [59, "SHA-1", "94287082"], [59, "SHA-256", "46119246"], [59, "SHA-512", "90693936"],
  [1111111109, "SHA-1", "07081804"], [1111111109, "SHA-256", "68084774"], [1111111109, "SHA-512", "25091201"],
  [1111111111, "SHA-1", "14050471"], [1111111111, "SHA-256", "67062674"], [1111111111, "SHA-512", "99943326"],
  [1234567890, "SHA-1", "89005924"], [1234567890, "SHA-256", "91819424"], [1234567890, "SHA-512", "93441116"],
  [2000000000, "SHA-1", "69279037"], [2000000000, "SHA-256", "90698825"], [2000000000, "SHA-512", "38618901"],
  [20000000000, "SHA-1", "65353130"], [20000000000, "SHA-256", "77737706"], [20000000000, "SHA-512", "47863826"],
];

test("TOTP gives RFC 6238's test vectors for SHA-1, SHA-256 and SHA-512", async () => {
  for (const [seconds, hash, code] of RFC_VECTORS) {
    expect(await totp(RFC_SEEDS[hash], seconds * 1000, { period: 30, digits: 8, hash }), `${hash} at ${seconds}`).toBe(code);
  }
});

const SECRET = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
/** 5 December 2026 12:00:07 UTC: step 119,764,800 of 15 seconds. */
const AT = Date.UTC(2026, 11, 5, 12, 0, 7);
const STEP_MS = 15_000;

test("a ticket's code changes every 15 seconds: ours, step by step", async () => {
  expect(await entryCodeAt(SECRET, AT - 2 * STEP_MS)).toBe("73321006");
  expect(await entryCodeAt(SECRET, AT - STEP_MS)).toBe("85426588");
  expect(await entryCodeAt(SECRET, AT)).toBe("54280270");
  // The same step to its last millisecond (12:00:00.000 to 12:00:14.999).
  expect(await entryCodeAt(SECRET, Date.UTC(2026, 11, 5, 12, 0, 14, 999))).toBe("54280270");
  expect(await entryCodeAt(SECRET, AT + STEP_MS)).toBe("79894209");
  expect(await entryCodeAt(SECRET, AT + 2 * STEP_MS)).toBe("03378486");
});

test("the door takes a code one step either side of its clock, and refuses two steps off and any other code", async () => {
  expect(await checkEntryCode(SECRET, "54280270", AT)).toEqual({ valid: true, offset: 0 });
  expect(await checkEntryCode(SECRET, "85426588", AT)).toEqual({ valid: true, offset: -1 });
  expect(await checkEntryCode(SECRET, "79894209", AT)).toEqual({ valid: true, offset: 1 });
  // A screenshot taken 30 seconds (two steps) earlier, or a code from 30 seconds ahead.
  expect(await checkEntryCode(SECRET, "73321006", AT)).toEqual({ valid: false });
  expect(await checkEntryCode(SECRET, "03378486", AT)).toEqual({ valid: false });
  expect(await checkEntryCode(SECRET, "54280271", AT)).toEqual({ valid: false });
  expect(await checkEntryCode(SECRET, "", AT)).toEqual({ valid: false });
  // Another holder's secret (after a resale) does not make this ticket's code.
  const other = Uint8Array.from(SECRET, (byte) => byte ^ 0xff);
  expect(await checkEntryCode(other, "54280270", AT)).toEqual({ valid: false });
});

test("the QR carries the ticket and its code, and nothing else is read as one", () => {
  expect(entryPayload(1042, "54280270")).toBe("OVT1.1042.54280270");
  expect(parseEntryPayload("OVT1.1042.54280270")).toEqual({ ticketId: 1042, code: "54280270", wallet: false });
  expect(parseEntryPayload(" OVT1.1042.54280270\n")).toEqual({ ticketId: 1042, code: "54280270", wallet: false });
  expect(walletPayload(1042, "84755224")).toBe("OVW1.1042.84755224");
  expect(parseEntryPayload("OVW1.1042.84755224")).toEqual({ ticketId: 1042, code: "84755224", wallet: true });
  for (const text of ["OVT1.0.54280270", "OVW2.1042.84755224", "OVW1.1042.8475522", "OVT1.1042.5428027", "OVT1.1042.542802700", "OVT2.1042.54280270", "OVT1.-1.54280270", "OVT1.1042.5428027a", "https://ovation.example/t/1042", "OVT1.99999999999999999.54280270"]) {
    expect(parseEntryPayload(text), text).toBeNull();
  }
});

test("a wallet pass's fixed code is RFC 4226's HOTP at counter 0, taken at any hour and only from its own secret", async () => {
  // RFC 4226 appendix D: counter 0 of "12345678901234567890" truncates to 1284755224, eight digits 84755224.
  const rfcSeed = ascii("12345678901234567890");
  expect(await walletCodeOf(rfcSeed)).toBe("84755224");
  const scanned = { ticketId: 1042, code: "84755224", wallet: true };
  expect(await checkScannedCode(rfcSeed, scanned, AT)).toBe(true);
  expect(await checkScannedCode(rfcSeed, scanned, AT + 30 * 24 * 60 * 60 * 1000)).toBe(true);
  // The same digits as a rotating code are not the screen's code, nor another secret's wallet code.
  expect(await checkScannedCode(rfcSeed, { ...scanned, wallet: false }, AT)).toBe(false);
  expect(await checkScannedCode(SECRET, scanned, AT)).toBe(false);
  expect(await checkScannedCode(SECRET, { ticketId: 1042, code: "54280270", wallet: false }, AT)).toBe(true);
});

test("a holder secret is sealed at rest for one ticket and version, and opens only there", async () => {
  const key = await sealingKey("test-entry-code-key-6d2a");
  const secret = newHolderSecret();
  expect(secret.length).toBe(20);
  const sealed = await sealHolderSecret(key, 1042, 1, secret);
  expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{48}$/);
  expect(sealed).not.toContain(Buffer.from(secret).toString("base64url"));
  expect(await openHolderSecret(key, 1042, 1, sealed)).toEqual(secret);
  // Sealed twice, never the same text (a fresh IV each time).
  expect(await sealHolderSecret(key, 1042, 1, secret)).not.toBe(sealed);
  // Moved to another ticket, put back as an older version, tampered with, or under another key: it does not open.
  expect(await openHolderSecret(key, 1043, 1, sealed)).toBeNull();
  expect(await openHolderSecret(key, 1042, 2, sealed)).toBeNull();
  const flipped = sealed.slice(0, -1) + (sealed.endsWith("A") ? "B" : "A");
  expect(await openHolderSecret(key, 1042, 1, flipped)).toBeNull();
  expect(await openHolderSecret(await sealingKey("another-key"), 1042, 1, sealed)).toBeNull();
  expect(await openHolderSecret(key, 1042, 1, "not sealed")).toBeNull();
});
