/**
 * The file storage port: kept files (e-ticket PDFs, after-sales evidence, chat images, share
 * cards) are named by their key; where they are kept is the adapter's business
 * (functions/integrations/storage, R2), handed in as the context's `files`.
 */

export interface StoredFile {
  body: ReadableStream;
  size: number;
  contentType: string;
}

export interface FileStore {
  /** Writes (or overwrites) the object under `key`. */
  put(key: string, bytes: ArrayBuffer | Uint8Array, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** True when an object is kept under `key`. */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}
