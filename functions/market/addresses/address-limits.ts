/**
 * What the address form holds, without zod: the address screen draws its fields from these and
 * loads the schema (address-schema.ts) only when the buyer starts to fill it in
 * (docs/decisions.md 279).
 */

/** The fields of an address, in the order the form shows them. */
export const ADDRESS_FIELDS = [
  "fullName",
  "phoneCode",
  "phone",
  "countryRegion",
  "province",
  "city",
  "district",
  "address",
  "addressRemark",
  "postalCode",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The most addresses one account keeps. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_LIMITS = { name: 100, region: 100, address: 300, remark: 300, postalCode: 20 } as const;

/** The longest each text field may be (the phone's fields are bounded by their patterns). */
export const ADDRESS_MAX_LENGTH: Partial<Record<AddressField, number>> = {
  fullName: ADDRESS_LIMITS.name,
  countryRegion: ADDRESS_LIMITS.region,
  province: ADDRESS_LIMITS.region,
  city: ADDRESS_LIMITS.region,
  district: ADDRESS_LIMITS.region,
  address: ADDRESS_LIMITS.address,
  addressRemark: ADDRESS_LIMITS.remark,
  postalCode: ADDRESS_LIMITS.postalCode,
};
