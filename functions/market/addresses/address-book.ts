/**
 * The buyer's address book (SPEC §2 addressList, addressCreate; §3 Address).
 *
 * Rules:
 * - Every address belongs to one account; another account's address is not found.
 * - An account keeps at most MAX_ADDRESSES addresses; one more is refused with
 *   clientAddressValidFail (200504), checked in the same statement that inserts.
 * - Exactly one address of an account that has any is its default: the first one added
 *   becomes it, choosing another moves the flag in one batch, deleting the default hands the
 *   flag to the most recently changed address left. A default cannot be un-chosen, only moved.
 * - The list shows the default first, then the most recently changed.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { addresses } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { requireBuyer } from "../context/buyer";
import { prepare } from "../context/statements";
import { MAX_ADDRESSES, type AddressRequest } from "./address-schema";

export interface AddressView {
  id: number;
  fullName: string;
  phoneCode: string;
  phone: string;
  countryRegion: string;
  province: string;
  city: string;
  district: string | null;
  address: string;
  addressRemark: string | null;
  postalCode: string | null;
  isDefault: boolean;
  updatedAt: number;
}

const columns = {
  id: addresses.id,
  fullName: addresses.fullName,
  phoneCode: addresses.phoneCode,
  phone: addresses.phone,
  countryRegion: addresses.countryRegion,
  province: addresses.province,
  city: addresses.city,
  district: addresses.district,
  address: addresses.address,
  addressRemark: addresses.addressRemark,
  postalCode: addresses.postalCode,
  isDefault: addresses.isDefault,
  updatedAt: addresses.updatedAt,
};

function tooMany(): MarketError {
  return new MarketError("clientAddressValidFail", { messageKey: "address:errors.limit", params: { max: MAX_ADDRESSES } });
}

/** The viewer's addresses, default first. Throws notLogin for a guest. */
export async function listAddresses(ctx: MarketContext): Promise<AddressView[]> {
  const userId = requireBuyer(ctx);
  return ctx.db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id));
}

/** One of the viewer's addresses. Throws notLogin; notFound when missing or another account's. */
export async function getAddress(ctx: MarketContext, addressId: number): Promise<AddressView> {
  const userId = requireBuyer(ctx);
  const [row] = await ctx.db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) throw notFound("address");
  return row;
}

/** The columns an address form sets, in one order for the insert's list and the update's assignments. */
const FIELDS = [
  addresses.fullName,
  addresses.phoneCode,
  addresses.phone,
  addresses.countryRegion,
  addresses.province,
  addresses.city,
  addresses.district,
  addresses.address,
  addresses.addressRemark,
  addresses.postalCode,
] as const;

function fieldValues(input: AddressRequest) {
  return [
    input.fullName,
    input.phoneCode,
    input.phone,
    input.countryRegion,
    input.province,
    input.city,
    input.district,
    input.address,
    input.addressRemark,
    input.postalCode,
  ];
}

/** A column as an INSERT's list or an UPDATE's SET names it: unqualified. */
const named = (column: AnySQLiteColumn) => sql.identifier(column.name);

/** The account has room for one more address: the guard of every insert, checked in its own statement. */
const hasRoom = (userId: number) => sql`(SELECT COUNT(*) FROM ${addresses} WHERE ${addresses.userId} = ${userId}) < ${MAX_ADDRESSES}`;

/**
 * Adds an address to the viewer's book; it becomes the default when asked or when it is the
 * first. Throws notLogin; clientAddressValidFail when the book is full. One batch: the old
 * default is cleared and the new row inserted only if the book has room.
 */
export async function createAddress(ctx: MarketContext, input: AddressRequest): Promise<AddressView> {
  const userId = requireBuyer(ctx);
  const now = ctx.now();
  const insert = prepare(
    ctx.d1,
    sql`INSERT INTO ${addresses} (${named(addresses.userId)}, ${sql.join(FIELDS.map(named), sql`, `)}, ${named(addresses.isDefault)}, ${named(addresses.createdAt)}, ${named(addresses.updatedAt)})
        SELECT ${userId}, ${sql.join(fieldValues(input).map((value) => sql`${value}`), sql`, `)},
               CASE WHEN ${input.isDefault ? 1 : 0} = 1 OR NOT EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.userId} = ${userId}) THEN 1 ELSE 0 END, ${now}, ${now}
        WHERE ${hasRoom(userId)}
        RETURNING ${named(addresses.id)}`,
  );
  const statements = input.isDefault
    ? [
        prepare(
          ctx.d1,
          sql`UPDATE ${addresses} SET ${named(addresses.isDefault)} = 0 WHERE ${addresses.userId} = ${userId} AND ${addresses.isDefault} = 1 AND ${hasRoom(userId)}`,
        ),
        insert,
      ]
    : [insert];
  const results = await ctx.d1.batch<{ id: number }>(statements);
  const id = results[results.length - 1]?.results[0]?.id;
  if (id === undefined) throw tooMany();
  return getAddress(ctx, id);
}

/**
 * Changes one of the viewer's addresses; `isDefault` true makes it the default (false leaves
 * the flag where it is). Throws notLogin; notFound when missing or another account's.
 */
export async function updateAddress(ctx: MarketContext, addressId: number, input: AddressRequest): Promise<AddressView> {
  const userId = requireBuyer(ctx);
  const now = ctx.now();
  const values = fieldValues(input);
  const assignments = sql.join(
    FIELDS.map((column, index) => sql`${named(column)} = ${values[index]}`),
    sql`, `,
  );
  const update = prepare(
    ctx.d1,
    sql`UPDATE ${addresses} SET ${assignments}, ${named(addresses.isDefault)} = CASE WHEN ${input.isDefault ? 1 : 0} = 1 THEN 1 ELSE ${addresses.isDefault} END, ${named(addresses.updatedAt)} = ${now}
        WHERE ${addresses.id} = ${addressId} AND ${addresses.userId} = ${userId} RETURNING ${named(addresses.id)}`,
  );
  const statements = input.isDefault ? [clearOtherDefaults(ctx, userId, addressId), update] : [update];
  const results = await ctx.d1.batch<{ id: number }>(statements);
  if (!results[results.length - 1]?.results[0]) throw notFound("address");
  return getAddress(ctx, addressId);
}

/** Clears the default of the account's other addresses, only when `addressId` is the account's. */
function clearOtherDefaults(ctx: MarketContext, userId: number, addressId: number): D1PreparedStatement {
  return prepare(
    ctx.d1,
    sql`UPDATE ${addresses} SET ${named(addresses.isDefault)} = 0
        WHERE ${addresses.userId} = ${userId} AND ${addresses.isDefault} = 1 AND ${addresses.id} <> ${addressId}
          AND EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.id} = ${addressId} AND ${addresses.userId} = ${userId})`,
  );
}

/**
 * Makes one of the viewer's addresses the default, in one batch (the old flag cleared, the new
 * one set). Throws notLogin; notFound when missing or another account's.
 */
export async function setDefaultAddress(ctx: MarketContext, addressId: number): Promise<AddressView> {
  const userId = requireBuyer(ctx);
  const results = await ctx.d1.batch<{ id: number }>([
    clearOtherDefaults(ctx, userId, addressId),
    prepare(
      ctx.d1,
      sql`UPDATE ${addresses} SET ${named(addresses.isDefault)} = 1, ${named(addresses.updatedAt)} = ${ctx.now()}
          WHERE ${addresses.id} = ${addressId} AND ${addresses.userId} = ${userId} RETURNING ${named(addresses.id)}`,
    ),
  ]);
  if (!results[1]?.results[0]) throw notFound("address");
  return getAddress(ctx, addressId);
}

/**
 * Deletes one of the viewer's addresses; when it was the default, the most recently changed
 * address left takes the flag (same batch). Throws notLogin; notFound when missing or another
 * account's.
 */
export async function deleteAddress(ctx: MarketContext, addressId: number): Promise<{ id: number }> {
  const userId = requireBuyer(ctx);
  const results = await ctx.d1.batch<{ id: number }>([
    prepare(ctx.d1, sql`DELETE FROM ${addresses} WHERE ${addresses.id} = ${addressId} AND ${addresses.userId} = ${userId} RETURNING ${named(addresses.id)}`),
    prepare(
      ctx.d1,
      sql`UPDATE ${addresses} SET ${named(addresses.isDefault)} = 1
          WHERE ${addresses.id} = (SELECT ${addresses.id} FROM ${addresses} WHERE ${addresses.userId} = ${userId} ORDER BY ${addresses.updatedAt} DESC, ${addresses.id} DESC LIMIT 1)
            AND NOT EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.userId} = ${userId} AND ${addresses.isDefault} = 1)`,
    ),
  ]);
  if (!results[0]?.results[0]) throw notFound("address");
  return { id: addressId };
}
