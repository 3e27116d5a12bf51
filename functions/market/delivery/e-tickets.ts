/**
 * E-ticket files in R2 (FILES, through the storage port). A provider's upload is kept under
 * `e-tickets/order-<order id>/<random id>.pdf`, written before its row so a row never names a
 * missing object (an upload the machine refuses deletes its object again). A listing uploaded
 * with its e-ticket (e_ticket_ready) hands each order the seller's own file, copied under the
 * fixed key `e-tickets/order-<order id>/listing.pdf`. Only a catalogue listing (one not listed
 * through selling, which has no terms and no file) gets a PDF drawn for the order instead, under
 * `e-tickets/order-<order id>/ticket.pdf`; a fan resale never does: its buyer gets the files the
 * first seller delivered, moved on payment (selling/fan-resale.ts). Fixed keys make a second
 * attempt at once write the same object and one row.
 */
import { and, eq, sql } from "drizzle-orm";
import { deliveryFiles, listingTerms, orders } from "../../db/schema";
import { logError } from "../../observability";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { prepare } from "../context/statements";
import { zonedParts } from "../calendar";
import { eTicketPdf, looksLikePdf } from "./e-ticket-pdf";
import type { DeliveryRow, DeliveryExtras, DeliveryFileRow } from "./delivery-views";
import { E_TICKET_MAX_BYTES, MACHINES } from "./machine";
import { takeStep } from "./steps";
import type { UploadedFile } from "../input/uploaded-file";

export const PDF_TYPE = "application/pdf";

export type { UploadedFile };

function orderFolder(orderId: number): string {
  return `e-tickets/order-${orderId}`;
}

/** A file name safe to store and to send back in content-disposition: no path, at most 120 characters, ending in .pdf. */
export function eTicketFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f"]/g, "").trim();
  const stem = base.replace(/\.pdf$/i, "").slice(0, 116) || "e-ticket";
  return `${stem}.pdf`;
}

/** PDF only (by type and by its first bytes), not empty, at most 10 MB. Throws eTicketFileInvalid. */
export function checkETicketFile(file: UploadedFile): Uint8Array {
  const bytes = file.bytes instanceof Uint8Array ? file.bytes : new Uint8Array(file.bytes);
  const typed = file.type === PDF_TYPE || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!typed || bytes.length === 0 || bytes.length > E_TICKET_MAX_BYTES || !looksLikePdf(bytes)) {
    throw new MarketError("eTicketFileInvalid", { params: { maxMb: E_TICKET_MAX_BYTES / 1024 / 1024 } });
  }
  return bytes;
}

/**
 * The provider's upload: the object first, then the file row and its event in one step (on the
 * state only, so several uploads may run side by side). Throws eTicketFileInvalid,
 * deliveryStepRefused (no longer awaiting upload).
 */
export async function storeUpload(ctx: MarketContext, row: DeliveryRow, file: UploadedFile, uploadedBy: number): Promise<void> {
  const bytes = checkETicketFile(file);
  const fileName = eTicketFileName(file.name);
  const key = `${orderFolder(row.order.id)}/${crypto.randomUUID()}.pdf`;
  await ctx.files.put(key, bytes, PDF_TYPE);
  const now = ctx.now();
  try {
    await takeStep(ctx, row, {
      step: "eticket_uploaded",
      actorUserId: uploadedBy,
      note: fileName,
      exclusive: false,
      effects: (guard) => [
        sql`INSERT INTO ${deliveryFiles} (delivery_id, order_id, r2_key, file_name, content_type, size, uploaded_by, created_at)
            SELECT ${row.delivery.id}, ${row.order.id}, ${key}, ${fileName}, ${PDF_TYPE}, ${bytes.length}, ${uploadedBy}, ${now}
            WHERE ${guard}`,
      ],
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
}

/** Removes an uploaded file before delivery. Throws notFound (no such file of the order), deliveryStepRefused. */
export async function removeUpload(ctx: MarketContext, row: DeliveryRow, fileId: number, removedBy: number): Promise<void> {
  const [file] = await ctx.db
    .select()
    .from(deliveryFiles)
    .where(and(eq(deliveryFiles.id, fileId), eq(deliveryFiles.deliveryId, row.delivery.id)))
    .limit(1);
  if (!file) throw notFound("file");
  await takeStep(ctx, row, {
    step: "eticket_removed",
    actorUserId: removedBy,
    note: file.fileName,
    // On the version read: a second removal of the same file, or any upload meanwhile, is refused.
    effects: (guard) => [sql`DELETE FROM ${deliveryFiles} WHERE id = ${file.id} AND ${guard}`],
  });
  await ctx.files.delete(file.r2Key);
}

function drawnKey(orderId: number): string {
  return `${orderFolder(orderId)}/ticket.pdf`;
}

function copiedKey(orderId: number): string {
  return `${orderFolder(orderId)}/listing.pdf`;
}

/**
 * Where the e-ticket of an order's listing comes from: the file its seller uploaded with it, the
 * drawn stand-in of a catalogue listing, or nothing Ovation may make (a listing through selling
 * without a file, a fan resale).
 */
async function listingETicket(ctx: MarketContext, orderId: number): Promise<{ uploaded: string; by: number } | "drawn" | null> {
  const [row] = await ctx.db
    .select({ listingId: listingTerms.listingId, key: listingTerms.eTicketR2Key, by: listingTerms.createdBy })
    .from(orders)
    .leftJoin(listingTerms, eq(listingTerms.listingId, orders.listingId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row || row.listingId === null) return "drawn";
  return row.key && row.by !== null ? { uploaded: row.key, by: row.by } : null;
}

function drawnPdf(row: DeliveryRow): Uint8Array {
  const at = zonedParts(row.startsAt, row.timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return eTicketPdf({
    orderNo: row.order.orderNo,
    title: row.titleEn,
    artist: row.artistEn,
    venue: `${row.venueNameEn}, ${row.venueAddressEn}`,
    startsAt: `${at.year}-${pad(at.month)}-${pad(at.day)} ${pad(at.hour)}:${pad(at.minute)} (${row.timeZone})`,
    section: row.sectionEn,
    rowLabel: row.rowLabel,
    quantity: row.order.quantity,
    provider: row.sellerNickname,
  });
}

/**
 * For a delivered order of an e_ticket_ready listing without its file yet: copies the seller's
 * uploaded e-ticket (or, for a catalogue listing, draws the PDF), keeps it in R2 and records its
 * row. Returns the files to show (unchanged for anything else, and when there is no file Ovation
 * may hand over). Throws only if R2 or D1 fails.
 */
export async function ensureReadyETicket(ctx: MarketContext, row: DeliveryRow, files: DeliveryFileRow[]): Promise<DeliveryFileRow[]> {
  // Entry codes are the ticket itself (market/entry): no file is drawn or copied for them.
  if (!row.eTicketReady || row.entryCodes || row.delivery.method !== "E_TICKET" || row.delivery.state !== MACHINES.E_TICKET.final || files.length > 0) {
    return files;
  }
  const source = await listingETicket(ctx, row.order.id);
  if (source === null) return files;
  let bytes: Uint8Array;
  let key: string;
  if (source === "drawn") {
    bytes = drawnPdf(row);
    key = drawnKey(row.order.id);
  } else {
    const stored = await ctx.files.get(source.uploaded);
    if (!stored) {
      logError(new Error("a listing's e-ticket names no object"), { requestId: ctx.viewer.requestId, where: "ensureReadyETicket", orderId: row.order.id });
      return files;
    }
    bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
    key = copiedKey(row.order.id);
  }
  await ctx.files.put(key, bytes, PDF_TYPE);
  await prepare(
    ctx.d1,
    sql`INSERT INTO ${deliveryFiles} (delivery_id, order_id, r2_key, file_name, content_type, size, uploaded_by, created_at)
        VALUES (${row.delivery.id}, ${row.order.id}, ${key}, ${`e-ticket-${row.order.orderNo}.pdf`}, ${PDF_TYPE}, ${bytes.length},
          ${source === "drawn" ? null : source.by}, ${ctx.now()})
        ON CONFLICT (r2_key) DO NOTHING`,
  ).run();
  return ctx.db.select().from(deliveryFiles).where(eq(deliveryFiles.deliveryId, row.delivery.id)).orderBy(deliveryFiles.id);
}

/** ensureReadyETicket over loaded extras, so the view that follows lists the file. */
export async function ensureReadyETicketIn(ctx: MarketContext, row: DeliveryRow, extras: DeliveryExtras): Promise<void> {
  const files = extras.files.get(row.delivery.id) ?? [];
  extras.files.set(row.delivery.id, await ensureReadyETicket(ctx, row, files));
}

/** One kept file's object. Throws notFound when the row or its object is missing (a drawn one is drawn again). */
export async function readStoredFile(ctx: MarketContext, row: DeliveryRow, file: DeliveryFileRow) {
  let stored = await ctx.files.get(file.r2Key);
  if (!stored && file.r2Key === drawnKey(row.order.id)) {
    await ctx.files.put(file.r2Key, drawnPdf(row), PDF_TYPE);
    stored = await ctx.files.get(file.r2Key);
  }
  if (!stored) {
    logError(new Error("an e-ticket file row names no object"), { requestId: ctx.viewer.requestId, where: "readStoredFile", fileId: file.id });
    throw notFound("file");
  }
  return stored;
}
