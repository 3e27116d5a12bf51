/**
 * A network of its own for the Worker: an address in 10.0.0.0/8 to send as `cf-connecting-ip`,
 * so limits kept per network (mailed codes: 60 an hour, functions/market/accounts/codes.ts) are
 * not shared by the whole suite, which reaches the server from one address. Locally wrangler
 * passes the header through; on Cloudflare the edge sets it and no client can.
 */
import { randomInt } from "node:crypto";

export function networkOfItsOwn(): { "cf-connecting-ip": string } {
  return { "cf-connecting-ip": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}
