/**
 * A refusal's message in the viewer's language, kept once translated when it has no parameters
 * (a sold-out listing refuses a crowd at once): the kept message must still follow the language
 * asked, and a message with parameters must still say each one's own.
 */
import { expect, test } from "vitest";
import { messageOf } from "../../functions/market/messages";
import { MarketError } from "../../functions/market/errors";

test("the same refusal asked again answers in each viewer's language", async () => {
  const sold = new MarketError("orderInventoryNotEnough");
  expect(await messageOf(sold, "en-US")).toBe("Oops! The ticket has been sold.");
  expect(await messageOf(sold, "zh-HK")).toBe("哎呀！門票已售出。");
  expect(await messageOf(new MarketError("orderInventoryNotEnough"), "en-US")).toBe("Oops! The ticket has been sold.");
  expect(await messageOf(new MarketError("orderInventoryNotEnough"), "zh-HK")).toBe("哎呀！門票已售出。");
});

test("a refusal with parameters names its own field each time", async () => {
  expect(await messageOf(new MarketError("invalidParam", { params: { field: "quantity" } }), "en-US")).toBe("quantity is invalid.");
  expect(await messageOf(new MarketError("invalidParam", { params: { field: "listingId" } }), "en-US")).toBe("listingId is invalid.");
  expect(await messageOf(new MarketError("invalidParam", { params: { field: "listingId" } }), "zh-HK")).toBe("listingId 無效。");
});
