import { expect, test } from "vitest";
import { maskMessage, orderChatWindow, previewOf } from "../../functions/market/messaging/rules";

const EVENT = Date.parse("2026-12-20T12:00:00Z");
const HOUR = 3_600_000;

test("an order's chat window runs from 1 day before the event to 7 days after it", () => {
  expect(orderChatWindow(EVENT, EVENT - 25 * HOUR).state).toBe("before");
  expect(orderChatWindow(EVENT, EVENT - 24 * HOUR).state).toBe("open");
  expect(orderChatWindow(EVENT, EVENT + 7 * 24 * HOUR - 1).state).toBe("open");
  expect(orderChatWindow(EVENT, EVENT + 7 * 24 * HOUR)).toEqual({
    opensAt: Date.parse("2026-12-19T12:00:00Z"),
    closesAt: Date.parse("2026-12-27T12:00:00Z"),
    state: "closed",
  });
});

test("phones and emails are masked before the window, in any spelling", () => {
  expect(maskMessage("WhatsApp +852 9123-4567 or mei (at) example (dot) com", { contactAllowed: false })).toEqual({
    text: "WhatsApp ••• or •••",
    masked: true,
  });
  expect(maskMessage("Row 12, seats 3 and 4", { contactAllowed: false })).toEqual({ text: "Row 12, seats 3 and 4", masked: false });
});

test("payment links are masked always, and payment talk masks contact details in the window too", () => {
  expect(maskMessage("paypal.me/seller please", { contactAllowed: true })).toEqual({ text: "••• please", masked: true });
  expect(maskMessage("轉數快 91234567 就得", { contactAllowed: true })).toEqual({ text: "轉數快 ••• 就得", masked: true });
  expect(maskMessage("Meet at gate 3, call 91234567", { contactAllowed: true })).toEqual({ text: "Meet at gate 3, call 91234567", masked: false });
});

test("a preview is one line of at most 80 characters", () => {
  expect(previewOf("line one\n\nline   two")).toBe("line one line two");
  expect(previewOf("x".repeat(100))).toBe(`${"x".repeat(79)}…`);
});
