/**
 * The door scanner's own check, with no network (app/routes/provider.scan/door-book.ts): the code
 * typed or scanned, judged against the downloaded secret one step either side, and the book kept
 * on the device across a fresh manifest. Codes are RFC 4226's HOTP values for RFC 6238's SHA-1
 * seed, taken to eight digits (appendix D's decimals mod 10^8), at 15-second steps.
 */
import { expect, test } from "vitest";
import { bookFromManifest, checkOnDevice, payloadOf, type DoorBook } from "../../app/routes/provider.scan/door-book";
import type { DoorManifest } from "../../functions/market/entry";
import { base64url } from "../../functions/market/context/crypto";

const SEED = base64url(new TextEncoder().encode("12345678901234567890"));
/** Counter 3 (45-59 s): 1726969429 mod 10^8. */
const STEP_3 = "26969429";

const manifest: DoorManifest = {
  sessionId: 7,
  title: "A Winter in Sheung Wan",
  venue: "Hong Kong Coliseum",
  startsAt: 0,
  timeZone: "Asia/Hong_Kong",
  tickets: 2,
  entries: [
    { id: 101, version: 1, secret: SEED, seat: "12", rowLabel: "F", section: "Floor A", holderName: null },
    { id: 102, version: 1, secret: SEED, seat: "13", rowLabel: "F", section: "Floor A", holderName: "Sato Hana" },
  ],
  admissions: [{ ticketId: 102, gate: "South 4", at: 40_000, seq: 1 }],
  downloadedAt: 1_000,
};

test("what is typed under a QR, or scanned off it, becomes the QR's payload; anything else is nothing", () => {
  expect(payloadOf("OVT1.101.26969429")).toBe("OVT1.101.26969429");
  expect(payloadOf(" 101 2696 9429 ")).toBe("OVT1.101.26969429");
  expect(payloadOf("#101 26969429")).toBe("OVT1.101.26969429");
  expect(payloadOf("101 2696 942")).toBeNull();
  expect(payloadOf("https://example.com/OVT1.101.26969429")).toBeNull();
  expect(payloadOf("")).toBeNull();
});

test("a code is clear in its own step and one either side, refused two steps off, and a ticket let in is already used", async () => {
  const book = bookFromManifest(manifest, null);
  const ticket = { id: 101, seat: "12", rowLabel: "F", section: "Floor A", holderName: null };

  expect(await checkOnDevice(book, `OVT1.101.${STEP_3}`, 50_000)).toEqual({ result: "clear", ticket });
  expect(await checkOnDevice(book, `OVT1.101.${STEP_3}`, 64_999)).toEqual({ result: "clear", ticket });
  expect(await checkOnDevice(book, `OVT1.101.${STEP_3}`, 30_000)).toEqual({ result: "clear", ticket });
  expect(await checkOnDevice(book, `OVT1.101.${STEP_3}`, 75_000)).toEqual({ result: "invalidCode", ticket });
  expect(await checkOnDevice(book, `OVT1.101.${STEP_3}`, 29_999)).toEqual({ result: "invalidCode", ticket });
  expect(await checkOnDevice(book, `OVT1.102.${STEP_3}`, 50_000)).toEqual({
    result: "alreadyAdmitted",
    ticket: { id: 102, seat: "13", rowLabel: "F", section: "Floor A", holderName: "Sato Hana" },
    first: { ticketId: 102, gate: "South 4", at: 40_000, seq: 0 },
  });
  expect(await checkOnDevice(book, `OVT1.999.${STEP_3}`, 50_000)).toEqual({ result: "notOurs" });
});

test("a fresh manifest keeps the device's unsynced scans and every admission it knew, and an older one does not replace newer tickets", () => {
  const kept: DoorBook = {
    ...bookFromManifest(manifest, null),
    downloadedAt: 5_000,
    entries: [manifest.entries[0]],
    admitted: { 101: { gate: "North 1", at: 45_000 }, 102: { gate: "South 4", at: 40_000 } },
    seq: 3,
    pending: [{ payload: `OVT1.101.${STEP_3}`, gate: "North 1", at: 45_000 }],
  };

  const fromOlderPage = bookFromManifest(manifest, kept);
  const fromNewer = bookFromManifest({ ...manifest, downloadedAt: 9_000, admissions: [...manifest.admissions, { ticketId: 103, gate: "East", at: 46_000, seq: 4 }] }, kept);
  const otherEvent = bookFromManifest({ ...manifest, sessionId: 8 }, kept);

  expect(fromOlderPage.entries.map((entry) => entry.id)).toEqual([101]);
  expect(fromOlderPage.pending).toEqual(kept.pending);
  expect(fromOlderPage.seq).toBe(3);
  expect(fromNewer.entries.map((entry) => entry.id)).toEqual([101, 102]);
  expect(fromNewer.admitted).toEqual({ 101: { gate: "North 1", at: 45_000 }, 102: { gate: "South 4", at: 40_000 }, 103: { gate: "East", at: 46_000 } });
  expect(fromNewer.seq).toBe(4);
  expect(otherEvent.pending).toEqual([]);
  expect(otherEvent.admitted).toEqual({ 102: { gate: "South 4", at: 40_000 } });
});
