/**
 * Addresses: the buyer's address book, where EXPRESS tickets are shipped. The rules are in
 * address-book.ts; the form's schema lives apart because the browser imports it.
 */
export * from "./address-schema";
export * from "./address-book";
