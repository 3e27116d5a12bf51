/** Every order belongs to one account: the signed-in viewer is the buyer, or there is none. */
import type { MarketContext } from ".";
import { MarketError } from "../errors";

/** The viewer's account id. Throws notLogin for a guest. */
export function requireBuyer(ctx: Pick<MarketContext, "viewer">): number {
  if (ctx.viewer.userId === null) throw new MarketError("notLogin");
  return ctx.viewer.userId;
}
