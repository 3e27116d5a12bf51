/**
 * The address form (SPEC §3 Address), shared by the JSON API, the address screens' actions and
 * the browser (conform), so the browser validates what the server validates. Imports zod/mini
 * only: it ships to the browser, which then never downloads classic zod (docs/decisions.md 174). Messages are keys in the `errors` namespace, SPEC §5's own words.
 */
import * as z from "zod/mini";
import { checkbox, recordId } from "../input/fields-mini";
import { ADDRESS_LIMITS } from "./address-limits";

export { ADDRESS_FIELDS, ADDRESS_LIMITS, MAX_ADDRESSES, type AddressField } from "./address-limits";

export const ADDRESS_MESSAGES = {
  /** SPEC §5: 'This value is required.' */
  required: "order.fieldRequired",
  /** SPEC §5: 'Please enter your province(State).' */
  provinceRequired: "order.provinceRequired",
  /** SPEC §5: 'Invalid phone number, please correct' */
  phoneInvalid: "phone.invalid",
} as const;

const required = (max: number, message: string = ADDRESS_MESSAGES.required) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: message }));

const optional = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((value) => (value ? value : null)),
  );

export const addressSchema = z.object({
  fullName: required(ADDRESS_LIMITS.name),
  /** The area code, with or without its '+'; kept as digits. */
  phoneCode: z.pipe(
    z
      .string({ error: ADDRESS_MESSAGES.required })
      .check(z.trim(), z.minLength(1, { error: ADDRESS_MESSAGES.required }), z.regex(/^\+?\d{1,4}$/, { error: ADDRESS_MESSAGES.phoneInvalid })),
    z.transform((code) => code.replace(/^\+/, "")),
  ),
  /** Digits only, 4 to 15 (E.164's longest national number); spaces and dashes are forgiven. */
  phone: z.pipe(
    z.pipe(
      z.string({ error: ADDRESS_MESSAGES.required }).check(z.trim(), z.minLength(1, { error: ADDRESS_MESSAGES.required })),
      z.transform((phone) => phone.replace(/[\s-]/g, "")),
    ),
    z.string().check(z.regex(/^\d{4,15}$/, { error: ADDRESS_MESSAGES.phoneInvalid })),
  ),
  countryRegion: required(ADDRESS_LIMITS.region),
  province: required(ADDRESS_LIMITS.region, ADDRESS_MESSAGES.provinceRequired),
  city: required(ADDRESS_LIMITS.region),
  district: optional(ADDRESS_LIMITS.region),
  address: required(ADDRESS_LIMITS.address),
  addressRemark: optional(ADDRESS_LIMITS.remark),
  postalCode: optional(ADDRESS_LIMITS.postalCode),
  isDefault: checkbox,
});

export type AddressInput = z.input<typeof addressSchema>;
export type AddressRequest = z.output<typeof addressSchema>;

export const addressIdSchema = z.object({ id: recordId() });
