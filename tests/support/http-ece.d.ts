/** The part of http_ece (web-push-libs' encrypted content coding, RFC 8188/8291) the push service double uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  interface DecryptParams {
    version: "aes128gcm" | "aesgcm" | "aesgcm128";
    privateKey?: ECDH;
    authSecret?: Buffer | string;
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
