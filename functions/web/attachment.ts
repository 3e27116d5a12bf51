/**
 * How a stored file (an e-ticket, a listing's proof) is answered, the same from the JSON API and
 * the web app's file routes. Both doors import this edge module; it imports neither door.
 */

/** A Content-Disposition that downloads the file under its name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file read from storage, with the name it is downloaded under. */
export interface NamedFile {
  body: ReadableStream;
  contentType: string;
  size: number;
  fileName: string;
}

/**
 * One account's file as a response: never kept by a shared cache, never sniffed into something
 * else, and sandboxed with no sources, since a buyer or a seller uploaded it. A download by
 * default; `inline` shows it in the tab (a photo of a proof), which may then draw its own image.
 */
export function fileResponse(file: NamedFile, options: { inline?: boolean } = {}): Response {
  const disposition = attachmentDisposition(file.fileName);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": options.inline ? disposition.replace(/^attachment/, "inline") : disposition,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": options.inline ? "default-src 'none'; img-src 'self'; sandbox" : "default-src 'none'; sandbox",
    },
  });
}
