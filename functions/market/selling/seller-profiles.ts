/**
 * Anyone signed in can sell. Saving a seller profile the first time makes the account a ticket
 * provider: a `sellers` row (the name buyers see) and the `seller` role that opens the provider
 * console, in one batch. The payout account is stored whole (finance pays from it) and leaves
 * this module masked, the after-sales way (money/receiving-account.ts).
 *
 * Staff providers seeded before profiles existed have the role but no profile; they act as
 * traders with no identity on file (docs/decisions.md #99).
 */
import { and, eq, sql } from "drizzle-orm";
import { accountRoles, sellerProfiles, sellers, users, type SellerKind } from "../../db/schema";
import { maskReceivingAccount, type MaskedReceivingAccount } from "../money/receiving-account";
import type { MarketContext } from "../context";
import type { TraderIdentity } from "../listings/buyer-notices";
import { MarketError } from "../errors";
import { prepare } from "../context/statements";
import { sellerProfileSchema, type SellerProfileInput, type SellerProfileRequest } from "./selling-schemas";
import { sellingInvalid } from "./invalid-input";

export type { TraderIdentity };

export interface SellerProfileView {
  sellerId: number;
  displayName: string;
  kind: SellerKind;
  trader: TraderIdentity | null;
  payoutAccount: MaskedReceivingAccount | null;
}

/** The viewer as a seller: their provider id, kind and trader identity. */
export interface Seller {
  userId: number;
  sellerId: number;
  kind: SellerKind;
  displayName: string;
  trader: TraderIdentity | null;
}

type ProfileRow = typeof sellerProfiles.$inferSelect;

function traderOf(row: ProfileRow): TraderIdentity | null {
  if (row.kind !== "trader" || !row.traderLegalName || !row.traderAddress || !row.traderEmail) return null;
  return { legalName: row.traderLegalName, address: row.traderAddress, email: row.traderEmail, phone: row.traderPhone, registrationNo: row.traderRegistrationNo };
}

function viewOf(row: ProfileRow): SellerProfileView {
  return {
    sellerId: row.sellerId,
    displayName: row.displayName,
    kind: row.kind,
    trader: traderOf(row),
    payoutAccount: row.accountCurrency && row.recipientName ? maskReceivingAccount({ ...row, accountCurrency: row.accountCurrency, recipientName: row.recipientName }) : null,
  };
}

/** The viewer's seller profile, or null. Throws notLogin for a guest. No side effects. */
export async function getSellerProfile(ctx: MarketContext): Promise<SellerProfileView | null> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const [row] = await ctx.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).limit(1);
  return row ? viewOf(row) : null;
}

/**
 * The viewer as a seller. Throws notLogin (guest), sellerProfileRequired (neither a profile nor
 * the seller role). No side effects.
 */
export async function requireSeller(ctx: MarketContext): Promise<Seller> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const [row] = await ctx.db
    .select({ role: accountRoles, profile: sellerProfiles })
    .from(accountRoles)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, accountRoles.userId))
    .where(and(eq(accountRoles.userId, userId), eq(accountRoles.role, "seller")))
    .limit(1);
  if (!row || row.role.sellerId === null) throw new MarketError("sellerProfileRequired");
  if (!row.profile) return { userId, sellerId: row.role.sellerId, kind: "trader", displayName: "", trader: null };
  return { userId, sellerId: row.role.sellerId, kind: row.profile.kind, displayName: row.profile.displayName, trader: traderOf(row.profile) };
}

function columnsOf(request: SellerProfileRequest) {
  const trader = request.kind === "trader";
  const account = request.accountCurrency === "CNY" || request.accountCurrency === "HKD" ? request : null;
  return {
    display_name: request.displayName,
    kind: request.kind,
    trader_legal_name: trader ? request.traderLegalName : null,
    trader_address: trader ? request.traderAddress : null,
    trader_email: trader ? request.traderEmail : null,
    trader_phone: trader ? request.traderPhone : null,
    trader_registration_no: trader ? request.traderRegistrationNo : null,
    account_currency: account?.accountCurrency ?? null,
    recipient_name: account?.recipientName ?? null,
    alipay_account: account?.accountCurrency === "CNY" ? account.alipayAccount : null,
    bank_name: account?.accountCurrency === "HKD" ? account.bankName : null,
    bank_code: account?.accountCurrency === "HKD" ? account.bankCode : null,
    swift_code: account?.accountCurrency === "HKD" ? account.swiftCode : null,
    card_number: account?.accountCurrency === "HKD" ? account.cardNumber : null,
    account_opening_area: account?.accountCurrency === "HKD" ? account.accountOpeningArea : null,
  };
}

/**
 * Saves the viewer's seller profile (sellerProfileSchema); the first save makes them a provider.
 * Throws notLogin, invalidParam (naming the field; a trader without legal name, address or
 * email is refused on that field). Side effects: the profile; the first time also a sellers row
 * and the seller role; the sellers row's nickname follows the display name.
 */
export async function saveSellerProfile(ctx: MarketContext, input: SellerProfileInput): Promise<SellerProfileView> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const parsed = sellerProfileSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  await writeProfile(ctx, userId, parsed.data);
  const saved = await getSellerProfile(ctx);
  if (!saved) throw new Error("seller profile not saved");
  return saved;
}

/** Inserts or updates the profile, creating the provider and the role the first time, in one batch. */
export async function writeProfile(ctx: MarketContext, userId: number, request: SellerProfileRequest): Promise<void> {
  const now = ctx.now();
  const columns = columnsOf(request);
  const names = Object.keys(columns);
  const values = Object.values(columns);
  const existingSeller = sql`(SELECT seller_id FROM ${accountRoles} WHERE user_id = ${userId} AND role = 'seller' AND seller_id IS NOT NULL)`;
  const setList = sql.join(names.map((name) => sql`${sql.raw(name)} = excluded.${sql.raw(name)}`), sql`, `);
  await ctx.d1.batch([
    // A provider for the account, unless it already acts for one (a staff provider keeps theirs).
    prepare(
      ctx.d1,
      sql`INSERT INTO ${sellers} (nickname, phone, created_at)
          SELECT ${request.displayName}, COALESCE((SELECT phone FROM ${users} WHERE id = ${userId}), ''), ${now}
          WHERE ${existingSeller} IS NULL`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${accountRoles} (user_id, role, seller_id, created_at)
          SELECT ${userId}, 'seller', last_insert_rowid(), ${now} WHERE ${existingSeller} IS NULL`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${sellerProfiles} (user_id, seller_id, ${sql.raw(names.join(", "))}, created_at, updated_at)
          VALUES (${userId}, ${existingSeller}, ${sql.join(values.map((value) => sql`${value}`), sql`, `)}, ${now}, ${now})
          ON CONFLICT (user_id) DO UPDATE SET ${setList}, updated_at = excluded.updated_at`,
    ),
    prepare(ctx.d1, sql`UPDATE ${sellers} SET nickname = ${request.displayName} WHERE id = ${existingSeller}`),
  ]);
}
