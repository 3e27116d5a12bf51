/**
 * Images in chat (issue 12, TUIChat): a member posts a photo, kept in R2 under its conversation
 * and served only to the conversation's members. An image is an entry of kind `image` in the
 * conversation's sequence like any other message (resume, recall and the 30-day cut apply);
 * its text holds what the bubble needs to draw the thumbnail without fetching the bytes.
 *
 * The bytes decide, never the name or the declared type: PNG, JPEG, WebP or GIF by their magic
 * numbers, at most 10 MB (SPEC §9 names no limit; issue 12 does).
 */
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import type { UploadedFile } from "../input/uploaded-file";
import { accessConversation } from "./conversations";
import { requireWritable, takeSendSlot } from "./messages";
import { MESSAGE_RETENTION_MS } from "./rules";
import type { ChatMessage, ConversationRole } from "../context";
import { imageOf, type ChatImage } from "./media-shape";
import { contentKey, imageKey } from "./media-files";

/** The SHA-256 of the bytes, as 64 lowercase hex digits. */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The image's type and size in pixels from its own bytes, or null when it is none of ours. */
export function sniffImage(bytes: Uint8Array): Omit<ChatImage, "size"> | null {
  const u16be = (at: number) => (bytes[at] << 8) | bytes[at + 1];
  const u16le = (at: number) => bytes[at] | (bytes[at + 1] << 8);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(1, 4) === "PNG" && ascii(12, 16) === "IHDR") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { type: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) {
    return { type: "image/gif", width: u16le(6), height: u16le(8) };
  }
  if (bytes.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") {
    const chunk = ascii(12, 16);
    if (chunk === "VP8 ") return { type: "image/webp", width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
      return { type: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") {
      const w = bytes[24] | (bytes[25] << 8) | (bytes[26] << 16);
      const h = bytes[27] | (bytes[28] << 8) | (bytes[29] << 16);
      return { type: "image/webp", width: w + 1, height: h + 1 };
    }
    return null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the segments to the frame header (SOF0-SOF15 except DHT, JPG and DAC), which holds the size.
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1];
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: "image/jpeg", width: u16be(at + 7), height: u16be(at + 5) };
      }
      at += 2 + u16be(at + 2);
    }
    return null;
  }
  return null;
}

/**
 * Sends an image as the viewer. Throws notLogin, notFound, chatNotOpenYet, chatReadOnly,
 * requestTooFrequent, chatImageInvalid (not PNG/JPEG/WebP/GIF by its bytes, empty, or over
 * 10 MB). Side effects: the bytes in R2 under the conversation; the message delivered live.
 */
export async function sendImage(
  ctx: MarketContext,
  input: { conversationId: number; clientMessageId: string; file: UploadedFile | null },
): Promise<ChatMessage> {
  const access = await accessConversation(ctx, input.conversationId);
  requireWritable(ctx, access);
  const bytes = input.file ? (input.file.bytes instanceof Uint8Array ? input.file.bytes : new Uint8Array(input.file.bytes)) : new Uint8Array();
  const sniffed = bytes.length > 0 && bytes.length <= IMAGE_MAX_BYTES ? sniffImage(bytes) : null;
  if (!sniffed || sniffed.width === 0 || sniffed.height === 0) throw new MarketError("chatImageInvalid");
  const userId = ctx.viewer.userId!;
  const store = ctx.conversations(input.conversationId);
  await takeSendSlot(ctx, store, userId, input.clientMessageId);
  const sha256 = await sha256Hex(bytes);
  const image: ChatImage = { ...sniffed, size: bytes.length, sha256 };
  // Stored before the message exists, so nobody ever sees a bubble without its bytes. The key is
  // the bytes' own hash and is written only when absent: a retry under the same client id with
  // other bytes gets the stored message back, which still names the first bytes.
  const key = contentKey(input.conversationId, sha256);
  if (!(await ctx.files.has(key))) await ctx.files.put(key, bytes, image.type);
  return appendEntry(ctx, input, { userId, role: access.role }, "image", JSON.stringify(image));
}

/**
 * Appends an entry the sender posted that is not typed text (an image, a location): never masked,
 * a reply to nothing; indexed before returning, as the API door's sends are.
 */
async function appendEntry(
  ctx: MarketContext,
  input: { conversationId: number; clientMessageId: string },
  sender: { userId: number; role: ConversationRole },
  kind: "image" | "location",
  text: string,
): Promise<ChatMessage> {
  const store = ctx.conversations(input.conversationId);
  const { message } = await store.append({
    conversationId: input.conversationId,
    clientId: input.clientMessageId,
    senderId: sender.userId,
    senderRole: sender.role,
    kind,
    text,
    masked: false,
    replyTo: null,
    ref: null,
    sentAt: ctx.now(),
  });
  await store.flush();
  return message;
}

/**
 * The bytes of an image message, for a member of its conversation only. Throws notLogin,
 * notFound (not a member, no such image, recalled, or older than 30 days).
 */
export async function readImage(ctx: MarketContext, input: { conversationId: number; seq: number }): Promise<{ body: ReadableStream; contentType: string; size: number }> {
  await accessConversation(ctx, input.conversationId);
  const message = await ctx.conversations(input.conversationId).message(input.seq);
  if (!message || !imageOf(message) || message.sentAt < ctx.now() - MESSAGE_RETENTION_MS) throw notFound("image");
  const stored = await ctx.files.get(imageKey(input.conversationId, message));
  if (!stored) throw notFound("image");
  return stored;
}

/** A posted form's file field as an upload, or null when the field is missing or not a file. */
export async function uploadedImageOf(value: FormDataEntryValue | null): Promise<UploadedFile | null> {
  if (value === null || typeof value === "string") return null;
  return { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
}

/** The response that serves an image to a member: private, never shared by caches. */
export function imageResponse(image: { body: ReadableStream; contentType: string; size: number }): Response {
  return new Response(image.body, {
    headers: {
      "content-type": image.contentType,
      "content-length": String(image.size),
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * Posts the venue's location in an order's conversation: a `location` entry whose bubble links
 * to the Location page (/chat-location?orderId=). Throws notLogin, notFound (not a member, or a
 * support conversation, which has no venue), chatNotOpenYet, chatReadOnly, requestTooFrequent.
 */
export async function sendLocation(
  ctx: MarketContext,
  input: { conversationId: number; clientMessageId: string },
): Promise<ChatMessage> {
  const access = await accessConversation(ctx, input.conversationId);
  const orderId = access.conversation.orderId;
  if (access.conversation.kind !== "order" || orderId === null) throw notFound("order");
  requireWritable(ctx, access);
  const userId = ctx.viewer.userId!;
  await takeSendSlot(ctx, ctx.conversations(input.conversationId), userId, input.clientMessageId);
  return appendEntry(ctx, input, { userId, role: access.role }, "location", String(orderId));
}
