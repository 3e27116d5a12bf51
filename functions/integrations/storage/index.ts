/**
 * The file storage port: kept files (e-ticket PDFs, after-sales evidence) live in the R2 bucket
 * bound as FILES. Domain code names an object by its key and never touches the binding itself,
 * so where files are kept can change in one place.
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

/** The R2 adapter over the FILES binding. */
export function fileStore(env: Pick<Env, "FILES">): FileStore {
  const bucket = env.FILES;
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return { body: object.body, size: object.size, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
    },
    async has(key) {
      return (await bucket.head(key)) !== null;
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}
