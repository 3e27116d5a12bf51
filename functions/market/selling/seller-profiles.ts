/**
 * Anyone signed in can sell. Saving a seller profile the first time makes the account a ticket
 * provider: a `sellers` row (the name buyers see) and the `seller` role that opens the selling
 * screens, in one batch. A private seller gives only the name buyers see; a trader also the
 * identity the law asks of traders (decision 250). The payout account is its own step, asked
 * for before the first payout (savePayoutAccount, decision 251): saving the profile never
 * touches it. It is stored whole (finance pays from it) and leaves this module masked, the
 * after-sales way (money/receiving-account.ts).
 *
 * Staff providers seeded before profiles existed have the role but no profile; they act as
 * traders with no identity on file (docs/decisions.md #99).
 */
import { and, eq, sql } from "drizzle-orm";
import { accountRoles, sellerProfiles, sellers, users, type SellerKind } from "../../db/schema";
import { maskReceivingAccount, type MaskedReceivingAccount } from "../money/receiving-account";
import { isAcceptableRecipientName } from "../money/receiving-account-fields";
import type { MarketContext } from "../context";
import type { TraderIdentity } from "../listings/buyer-notices";
import { MarketError } from "../errors";
import { prepare } from "../context/statements";
import { sellerProfileSchema, type SellerProfileInput, type SellerProfileRequest } from "./selling-schemas";
import { invalidField, sellingInvalid } from "./invalid-input";
import { payoutAccountSchema, type PayoutAccountInput, type PayoutAccountRequest } from "./payout-account-schema";

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

/** The profile's own columns: a private seller keeps no trader identity. */
function identityColumns(request: SellerProfileRequest) {
  const trader = request.kind === "trader";
  return {
    display_name: request.displayName,
    kind: request.kind,
    trader_legal_name: trader ? request.traderLegalName : null,
    trader_address: trader ? request.traderAddress : null,
    trader_email: trader ? request.traderEmail : null,
    trader_phone: trader ? request.traderPhone : null,
    trader_registration_no: trader ? request.traderRegistrationNo : null,
  };
}

/** The payout account's columns, the other currency's left empty. */
function accountColumns(account: PayoutAccountRequest) {
  return {
    account_currency: account.accountCurrency,
    recipient_name: account.recipientName,
    alipay_account: account.accountCurrency === "CNY" ? account.alipayAccount : null,
    bank_name: account.accountCurrency === "HKD" ? account.bankName : null,
    bank_code: account.accountCurrency === "HKD" ? account.bankCode : null,
    swift_code: account.accountCurrency === "HKD" ? account.swiftCode : null,
    card_number: account.accountCurrency === "HKD" ? account.cardNumber : null,
    account_opening_area: account.accountCurrency === "HKD" ? account.accountOpeningArea : null,
  };
}

/** What a save writes: the identity, and the account only when one came with it (the API may send both at once). */
function columnsOf(request: SellerProfileRequest) {
  const account = request.accountCurrency === "CNY" || request.accountCurrency === "HKD" ? request : null;
  return { ...identityColumns(request), ...(account ? accountColumns(account) : {}) };
}

/**
 * Saves the viewer's seller profile (sellerProfileSchema); the first save makes them a provider.
 * Throws notLogin, invalidParam (naming the field; a trader without legal name, address or
 * email is refused on that field; an account holder's name that is not a name). Side effects:
 * the profile, and a payout account only when one is given (a save without one keeps the
 * account on file); the first time also a sellers row and the seller role; the sellers row's
 * nickname follows the display name.
 */
export async function saveSellerProfile(ctx: MarketContext, input: SellerProfileInput): Promise<SellerProfileView> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const parsed = sellerProfileSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  if ("recipientName" in parsed.data && !isAcceptableRecipientName(parsed.data.recipientName)) throw invalidField("recipientName");
  await writeProfile(ctx, userId, parsed.data);
  const saved = await getSellerProfile(ctx);
  if (!saved) throw new Error("seller profile not saved");
  return saved;
}

/**
 * Inserts or updates the profile, creating the provider and the role the first time, in one
 * batch. Only the columns given are set on an update: an identity alone keeps the account.
 */
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


/**
 * Saves the viewer's payout account, the step before their first payout. Throws notLogin,
 * invalidParam (naming the field; an account holder's name that is not a name),
 * sellerProfileRequired (no seller profile to attach it to). Side effects: the profile's account
 * columns, one guarded UPDATE.
 */
export async function savePayoutAccount(ctx: MarketContext, input: PayoutAccountInput): Promise<SellerProfileView> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const parsed = payoutAccountSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  if (!isAcceptableRecipientName(parsed.data.recipientName)) throw invalidField("recipientName");
  const columns = accountColumns(parsed.data);
  const setList = sql.join(
    Object.entries(columns).map(([name, value]) => sql`${sql.raw(name)} = ${value}`),
    sql`, `,
  );
  const written = await ctx.db.run(sql`UPDATE ${sellerProfiles} SET ${setList}, updated_at = ${ctx.now()} WHERE user_id = ${userId}`);
  if (written.meta.changes === 0) throw new MarketError("sellerProfileRequired");
  const saved = await getSellerProfile(ctx);
  if (!saved) throw new Error("payout account not saved");
  return saved;
}

/**
 * How the viewer sells, for the screens that name it: `fan` (a private seller), `trader` (a
 * trader's profile, or a seller role with no profile: a staff provider, decision 99), or null
 * (not a seller yet, or a guest); and whether their payouts wait for a payout account (a
 * profile without one; a staff provider with no profile is paid as agreed, decision 99). No
 * side effects.
 */
export async function sellerStanding(ctx: MarketContext): Promise<{ as: "fan" | "trader"; needsPayoutAccount: boolean } | null> {
  const userId = ctx.viewer.userId;
  if (userId === null) return null;
  const [row] = await ctx.db
    .select({ kind: sellerProfiles.kind, account: sellerProfiles.accountCurrency, role: accountRoles.role })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .leftJoin(accountRoles, and(eq(accountRoles.userId, users.id), eq(accountRoles.role, "seller")))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  if (row.kind === null) return row.role === null ? null : { as: "trader", needsPayoutAccount: false };
  return { as: row.kind === "private" ? "fan" : "trader", needsPayoutAccount: row.account === null };
}
