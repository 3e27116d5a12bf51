/**
 * The one way a receiving account leaves the domain: numbers masked. A buyer's refund account
 * (after-sales) and a seller's payout account (selling) are the same kind of account; every
 * view, the buyer's, the seller's and support's, is built through maskReceivingAccount, so no
 * answer ever carries a whole account number (finance reads them from the database to pay out).
 */

/** A receiving account as every view shows it: numbers masked (below). */
export type MaskedReceivingAccount =
  | { currency: "CNY"; recipientName: string; /** a***@x.com or 138****5678 */ alipayAccount: string }
  | {
      currency: "HKD";
      recipientName: string;
      bankName: string;
      bankCode: string;
      swiftCode: string;
      /** **** **** **** 1234 */
      cardNumber: string;
      accountOpeningArea: string;
    };

interface StoredAccount {
  accountCurrency: "CNY" | "HKD";
  recipientName: string;
  alipayAccount: string | null;
  bankName: string | null;
  bankCode: string | null;
  swiftCode: string | null;
  cardNumber: string | null;
  accountOpeningArea: string | null;
}

/** A card or account number: only its last 4 digits, in groups ('**** **** **** 1234'). */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  const last = digits.slice(-4);
  return `**** **** **** ${last}`;
}

/**
 * An Alipay account: an email keeps the first character of its name and the domain
 * ('a***@x.com'); a mobile number keeps its first 3 and last 4 digits ('138****5678').
 */
export function maskAlipayAccount(value: string): string {
  const at = value.lastIndexOf("@");
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  const digits = value.replace(/\D/g, "");
  if (digits.length >= 8) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  return "****";
}

export function maskReceivingAccount(account: StoredAccount): MaskedReceivingAccount {
  if (account.accountCurrency === "CNY") {
    return { currency: "CNY", recipientName: account.recipientName, alipayAccount: maskAlipayAccount(account.alipayAccount ?? "") };
  }
  return {
    currency: "HKD",
    recipientName: account.recipientName,
    bankName: account.bankName ?? "",
    bankCode: account.bankCode ?? "",
    swiftCode: account.swiftCode ?? "",
    cardNumber: maskCardNumber(account.cardNumber ?? ""),
    accountOpeningArea: account.accountOpeningArea ?? "",
  };
}
