/**
 * Support: the help centre a buyer turns to before and after buying.
 *
 * - The FAQ is content shipped with the code, in both languages, grouped by topic (orders,
 *   payment, delivery, refunds, account); it can be searched and read one question at a time.
 *   The Worker reads it from its static assets (faq.ts), so faq-entries.ts is not exported here.
 * - Email support takes a question from a buyer or a guest, at most 5 a day per account and per
 *   address, stores it, mails it to support and sends the buyer a receipt in their language;
 *   customer service replies within 48 hours.
 *
 * The form's schema lives apart from the domain functions because the browser imports it.
 */
export * from "./faq-shape";
export * from "./faq";
export * from "./support-request-schema";
export * from "./support-mail";
export * from "./support-requests";
