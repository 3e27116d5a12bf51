/**
 * What a buyer types into confirm-order: the contact every test order carries, and the shipping
 * address an EXPRESS listing asks for. The worker tests and the benches place orders with them.
 */
export const CONTACT = { contactEmail: "buyer@example.com", contactPhoneCode: "852", contactPhone: "91234567" } as const;

export const ADDRESS = {
  fullName: "Mei Chan",
  phoneCode: "852",
  phone: "91234567",
  countryRegion: "Hong Kong",
  province: "Hong Kong Island",
  city: "Hong Kong",
  address: "1 Queen's Road Central",
};
