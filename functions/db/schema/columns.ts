/**
 * The column groups many tables share, each written once so every table keeps the conventions of
 * index.ts the same way: a required link to another row, a row keyed by the row it extends, a
 * flag, the bilingual pair, created/updated times, an amount beside its currency, and a receiving account's
 * details. Each builds exactly the columns it replaces: the generated SQL is unchanged.
 */
import { integer, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

type Target = () => AnySQLiteColumn;

/** A required link to another table's row (its integer id). */
export function link(name: string, target: Target) {
  return integer(name).notNull().references(target);
}

/** The key of a table with at most one row per row of another (a profile, flags, a release). */
export function keyLink(name: string, target: Target) {
  return integer(name).primaryKey().references(target);
}

/** A yes/no column (0 or 1), `initially` until set: off unless said otherwise. */
export function flag(name: string, initially = false) {
  return integer(name, { mode: "boolean" }).notNull().default(initially);
}

const requiredText = (name: string) => text(name).notNull();
const requiredTime = (name: string) => integer(name).notNull();

/** Bilingual text: `<key>En` and `<key>Zh` over the columns `<key>_en` and `<key>_zh`. */
export function bilingual<K extends string>(key: K) {
  return { [`${key}En`]: requiredText(`${key}_en`), [`${key}Zh`]: requiredText(`${key}_zh`) } as {
    [P in `${K}En` | `${K}Zh`]: ReturnType<typeof requiredText>;
  };
}

/** When a row was made and last changed (UTC epoch milliseconds). */
export function timestamps() {
  return { createdAt: requiredTime("created_at"), updatedAt: requiredTime("updated_at") };
}

/** An amount in minor units beside its ISO 4217 code; both always set. */
export function money() {
  return { amount: integer("amount").notNull(), currencyCode: text("currency_code").notNull() };
}

/** An amount in minor units beside its ISO 4217 code, where a row may carry none. */
export function optionalMoney() {
  return { amount: integer("amount"), currencyCode: text("currency_code") };
}

/**
 * Where a receiving account is (SPEC §3): an Alipay account for CNY, a bank's for HKD. The
 * currency and recipient columns stay with each table, which decides whether they are required.
 */
export function receivingAccountDetails() {
  return {
    alipayAccount: text("alipay_account"),
    bankName: text("bank_name"),
    bankCode: text("bank_code"),
    swiftCode: text("swift_code"),
    cardNumber: text("card_number"),
    accountOpeningArea: text("account_opening_area"),
  };
}
