/**
 * Support records where venues and events stand in resale law: a venue's jurisdiction (when not
 * its city's, e.g. a Sydney venue under NSW), whether it is a licensed place (HK Cap. 172) or a
 * designated venue (Ireland, Queensland); an event designated, specified or declared (Japan,
 * Victoria, Ireland, NZ) or its tickets carrying a resale restriction (NSW, SA, WA). Listings
 * priced after the change obey it; existing prices are checked again at their next edit.
 */
import { eq, sql } from "drizzle-orm";
import { showResaleFlags, shows, venueResaleFlags, venues } from "../../db/schema";
import type { MarketContext } from "../context";
import { requireRole } from "../staff";
import { invalidField, sellingInvalid } from "./invalid-input";
import { resaleFlagsSchema } from "./selling-schemas";

/**
 * Sets the given flags of a venue and/or an event (absent flags keep their value). Throws
 * notLogin, notFound (no support role), invalidParam (a bad field, or a venue or event that does
 * not exist, named by its field). Side effects: the flags rows.
 */
export async function setResaleFlags(ctx: MarketContext, input: unknown): Promise<void> {
  await requireRole(ctx, "support");
  const parsed = resaleFlagsSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const flags = parsed.data;
  // Both are checked before either is written, so a bad event never leaves the venue half-set.
  // Venues and events are never deleted, so the answer cannot change before the write.
  if (flags.venueId !== undefined && !(await ctx.db.select({ id: venues.id }).from(venues).where(eq(venues.id, flags.venueId)).get())) throw invalidField("venueId");
  if (flags.showId !== undefined && !(await ctx.db.select({ id: shows.id }).from(shows).where(eq(shows.id, flags.showId)).get())) throw invalidField("showId");
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
