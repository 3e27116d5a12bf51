/**
 * How the seller reaches the buyer, as confirming an order starts it (issue: a signed-in buyer
 * should not type it again): the email of the account, and the mobile number with its area code
 * from the buyer's last order, else from their default address, else from any address.
 */
import { desc, eq } from "drizzle-orm";
import { addresses, orders, users } from "../../db/schema";
import type { MarketContext } from "../context";
import { requireBuyer } from "../context/buyer";

export interface ContactDefaults {
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
}

/** The viewer's contact defaults. Throws notLogin for a guest. Reads only. */
export async function contactDefaults(ctx: MarketContext): Promise<ContactDefaults> {
  const userId = requireBuyer(ctx);
  const [account, lastOrder, address] = await Promise.all([
    ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1),
    ctx.db
      .select({ email: orders.contactEmail, phoneCode: orders.contactPhoneCode, phone: orders.contactPhone })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1),
    ctx.db
      .select({ phoneCode: addresses.phoneCode, phone: addresses.phone })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id))
      .limit(1),
  ]);
  const mobile = lastOrder[0] ?? address[0] ?? null;
  return {
    email: account[0]?.email ?? lastOrder[0]?.email ?? null,
    phoneCode: mobile?.phoneCode ?? null,
    phone: mobile?.phone ?? null,
  };
}
