import { expect, test } from "vitest";
import { applySchema } from "../../functions/market/aftersales/apply-schema";
import { isAcceptableRecipientName } from "../../functions/market/money/receiving-account-fields";
import { toMajorString, toMinorUnits } from "../../functions/market/money/minor-units";
import { maskAlipayAccount, maskCardNumber, maskReceivingAccount } from "../../functions/market/money/receiving-account";
import { applyRefusalOf, AFTER_SALE_WINDOW_MS } from "../../functions/market/aftersales/rules";

test("typed amounts become minor units exactly, and back", () => {
  expect(toMinorUnits("128.50", 2)).toBe(12_850);
  expect(toMinorUnits("0.1", 2)).toBe(10);
  expect(toMinorUnits("100.0", 0)).toBe(100);
  expect(toMinorUnits("100.5", 0)).toBeNull();
  expect(toMinorUnits("1.005", 2)).toBeNull();
  expect(toMinorUnits("abc", 2)).toBeNull();
  expect([toMajorString(12_850, 2), toMajorString(12_800, 2), toMajorString(5, 2), toMajorString(100, 0)]).toEqual(["128.50", "128", "0.05", "100"]);
});

test("the recipient name rule", () => {
  for (const name of ["陳大文", "Chan Tai-man", "O'Neil", "J. Smith", "Zoë Ünal", "  Mary   Ann  "]) expect(isAcceptableRecipientName(name), name).toBe(true);
  for (const name of ["A", "李", "Bob1", "a@b.com", "Chan--Tai", "-Chan", "x".repeat(61)]) expect(isAcceptableRecipientName(name), name).toBe(false);
});

test("account numbers are masked to their last digits", () => {
  expect(maskCardNumber("4929123456781234")).toBe("**** **** **** 1234");
  expect(maskAlipayAccount("mei.chan@example.com")).toBe("m***@example.com");
  expect(maskAlipayAccount("13812345678")).toBe("138****5678");
  const account = { accountCurrency: "HKD" as const, recipientName: "Chan", alipayAccount: null, bankName: "HSBC", bankCode: "004", swiftCode: "HSBCHKHH", cardNumber: "123456789012", accountOpeningArea: "HK" };
  expect(JSON.stringify(maskReceivingAccount(account))).not.toContain("123456789012");
});

test("each account currency requires its own fields", () => {
  const base = { orderId: "1", kind: "refund", reason: "changed_plans", refundAmount: "1", recipientName: "Chan Tai Man" };
  const cny = applySchema.safeParse({ ...base, accountCurrency: "CNY" });
  expect(cny.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["alipayAccount", "required"]]);
  const hkd = applySchema.safeParse({ ...base, accountCurrency: "HKD" });
  expect(hkd.error?.issues.map((issue) => issue.path.join("."))).toEqual(["bankName", "bankCode", "swiftCode", "cardNumber", "accountOpeningArea"]);
});

test("an order can take an application only while paid, open to it, inside the window and with money left", () => {
  const order = { status: "paid", totalAmount: 1_000, startsAt: 0, voided: false, refundedSoFar: 0, openCaseId: null };
  expect(applyRefusalOf(order, AFTER_SALE_WINDOW_MS - 1)).toBeNull();
  expect(applyRefusalOf(order, AFTER_SALE_WINDOW_MS)).toBe("window_closed");
  expect(applyRefusalOf({ ...order, status: "canceled" }, 0)).toBe("not_paid");
  expect(applyRefusalOf({ ...order, voided: true }, 0)).toBe("voided");
  expect(applyRefusalOf({ ...order, openCaseId: 3 }, 0)).toBe("case_open");
  expect(applyRefusalOf({ ...order, refundedSoFar: 1_000 }, 0)).toBe("nothing_left");
});
