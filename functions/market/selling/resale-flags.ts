/**
 * Support records where venues and events stand in resale law: a venue's jurisdiction (when not
 * its city's, e.g. a Sydney venue under NSW), whether it is a licensed place (HK Cap. 172) or a
 * designated venue (Ireland, Queensland); an event designated, specified or declared (Japan,
 * Victoria, Ireland, NZ) or its tickets carrying a resale restriction (NSW, SA, WA). Listings
 * priced after the change obey it; existing prices are checked again at their next edit.
 */
import { sql } from "drizzle-orm";
import { showResaleFlags, venueResaleFlags } from "../../db/schema";
import type { MarketContext } from "../context";
import { requireRole } from "../staff";
import { sellingInvalid } from "./invalid-input";
import { resaleFlagsSchema } from "./selling-schemas";

/**
 * Sets the given flags of a venue and/or an event (absent flags keep their value). Throws
 * notLogin, notFound (no support role), invalidParam. Side effects: the flags rows.
 */
export async function setResaleFlags(ctx: MarketContext, input: unknown): Promise<void> {
  await requireRole(ctx, "support");
  const parsed = resaleFlagsSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const flags = parsed.data;
  if (flags.venueId !== undefined) {
    await ctx.db
      .insert(venueResaleFlags)
      .values({ venueId: flags.venueId, jurisdiction: flags.jurisdiction ?? null, licensedPlace: flags.licensedPlace ?? false, designatedVenue: flags.designatedVenue ?? false })
      .onConflictDoUpdate({
        target: venueResaleFlags.venueId,
        set: {
          jurisdiction: flags.jurisdiction === undefined ? sql`${venueResaleFlags.jurisdiction}` : flags.jurisdiction,
          licensedPlace: flags.licensedPlace ?? sql`${venueResaleFlags.licensedPlace}`,
          designatedVenue: flags.designatedVenue ?? sql`${venueResaleFlags.designatedVenue}`,
        },
      });
  }
  if (flags.showId !== undefined) {
    await ctx.db
      .insert(showResaleFlags)
      .values({ showId: flags.showId, designatedEvent: flags.designatedEvent ?? false, resaleRestricted: flags.resaleRestricted ?? false })
      .onConflictDoUpdate({
        target: showResaleFlags.showId,
        set: {
          designatedEvent: flags.designatedEvent ?? sql`${showResaleFlags.designatedEvent}`,
          resaleRestricted: flags.resaleRestricted ?? sql`${showResaleFlags.resaleRestricted}`,
        },
      });
  }
}
