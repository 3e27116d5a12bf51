/**
 * The file store adapter (market/context/file-store.ts): kept files live in the R2 bucket bound
 * as FILES, so where files are kept can change in this one place.
 */
import type { FileStore } from "../../market/context/file-store";

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
