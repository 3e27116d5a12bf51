/**
 * What a scanner keeps on its device for one event's door (localStorage, one key per session):
 * the manifest it downloaded (each ticket's holder secret, seat and name where the door checks
 * names), every admission it knows of (its own and, polled, the other gates'), and the scans it
 * made offline, waiting to sync. A code is checked here first, with no network: the same TOTP as
 * the holder's phone (entry-code.ts), one step either side.
 */
import { checkScannedCode, parseEntryPayload } from "@market/entry/entry-code";
import { fromBase64url } from "@market/context/crypto";
import type { DoorManifest, DoorVerdict, ManifestTicket } from "@market/entry";

export interface KnownAdmission {
  gate: string;
  at: number;
}

export interface PendingScan {
  payload: string;
  gate: string;
  at: number;
}

export interface DoorBook {
  sessionId: number;
  title: string;
  venue: string;
  timeZone: string;
  downloadedAt: number;
  entries: ManifestTicket[];
  admitted: Record<number, KnownAdmission>;
  /** The last admission sequence number heard from the event's check-in record. */
  seq: number;
  pending: PendingScan[];
  /** Tickets this device let in offline that another gate had let in first, newest first (the door's record said so on sync). */
  conflicts: { ticketId: number; gate: string; at: number }[];
}

export type TicketFacts = Omit<ManifestTicket, "secret" | "version">;

/** What the scanner shows: the door's verdict, or this device's when it decided alone. */
export type ShownVerdict = DoorVerdict | { result: "admittedOffline"; ticket: TicketFacts };

const keyOf = (sessionId: number) => `ovation-door-${sessionId}`;

export function loadBook(sessionId: number): DoorBook | null {
  try {
    const text = localStorage.getItem(keyOf(sessionId));
    return text ? (JSON.parse(text) as DoorBook) : null;
  } catch {
    return null;
  }
}

export function saveBook(book: DoorBook): void {
  try {
    localStorage.setItem(keyOf(book.sessionId), JSON.stringify(book));
  } catch {
    // A full store keeps the book in memory for this visit; the door still works.
  }
}

/**
 * The book from a manifest and what this device already kept: the newer list of tickets (a page
 * reopened offline carries the manifest it was first drawn with, which may be older than the
 * device's), every admission either knows (an admission is never undone), and the scans still
 * waiting to sync.
 */
export function bookFromManifest(manifest: DoorManifest, previous: DoorBook | null): DoorBook {
  const kept = previous?.sessionId === manifest.sessionId ? previous : null;
  const admitted: Record<number, KnownAdmission> = { ...kept?.admitted };
  for (const admission of manifest.admissions) admitted[admission.ticketId] ??= { gate: admission.gate, at: admission.at };
  const newer = !kept || manifest.downloadedAt >= kept.downloadedAt;
  return {
    sessionId: manifest.sessionId,
    title: manifest.title,
    venue: manifest.venue,
    timeZone: manifest.timeZone,
    downloadedAt: newer ? manifest.downloadedAt : kept.downloadedAt,
    entries: newer ? manifest.entries : kept.entries,
    admitted,
    seq: manifest.admissions.reduce((max, admission) => Math.max(max, admission.seq), kept?.seq ?? 0),
    pending: kept?.pending ?? [],
    conflicts: kept?.conflicts ?? [],
  };
}

function factsOf(entry: ManifestTicket): TicketFacts {
  return { id: entry.id, seat: entry.seat, rowLabel: entry.rowLabel, section: entry.section, holderName: entry.holderName };
}

/**
 * What someone types under a QR ("12345601 1234 5678") or a scanned QR's text, as the QR's
 * payload; null for anything else.
 */
export function payloadOf(text: string): string | null {
  const trimmed = text.trim();
  if (parseEntryPayload(trimmed)) return trimmed;
  const typed = /^#?\s*([1-9][0-9]{0,15})\D+([0-9]{4})\s?([0-9]{4})$/.exec(trimmed);
  return typed ? `OVT1.${typed[1]}.${typed[2]}${typed[3]}` : null;
}

/** This device's verdict on a scan at `at`: refused, or `clear` (valid, not yet admitted as far as it knows). */
export async function checkOnDevice(book: DoorBook, payload: string, at: number): Promise<ShownVerdict | { result: "clear"; ticket: TicketFacts }> {
  const code = parseEntryPayload(payload);
  const entry = code ? book.entries.find((one) => one.id === code.ticketId) : undefined;
  if (!code || !entry) return { result: "notOurs" };
  const ticket = factsOf(entry);
  if (!(await checkScannedCode(fromBase64url(entry.secret), code, at))) return { result: "invalidCode", ticket };
  const known = book.admitted[entry.id];
  if (known) return { result: "alreadyAdmitted", ticket, first: { ticketId: entry.id, gate: known.gate, at: known.at, seq: 0 } };
  return { result: "clear", ticket };
}
