/**
 * The signed-in session of a web request. Accounts arrive with sign-in; until then every
 * visitor is a guest.
 */
import type { MarketContext } from "../market/context";

export async function readSession(_request: Request, _ctx: MarketContext): Promise<{ userId: number } | null> {
  return null;
}
