import { describe, expect, test } from "vitest";
import { dateTimeFormat } from "@market/calendar/date-format";

describe("dateTimeFormat", () => {
  test("the same language and options give back the formatter already built", () => {
    const first = dateTimeFormat("en-US", { timeZone: "Asia/Tokyo", month: "short", day: "numeric" });
    expect(dateTimeFormat("en-US", { timeZone: "Asia/Tokyo", month: "short", day: "numeric" })).toBe(first);
  });

  test("another zone, option or language is a formatter of its own, writing its own text", () => {
    const at = Date.UTC(2026, 2, 14, 16, 30);
    expect(dateTimeFormat("en-US", { timeZone: "Asia/Tokyo", month: "short", day: "numeric" }).format(at)).toBe("Mar 15");
    expect(dateTimeFormat("en-US", { timeZone: "America/Los_Angeles", month: "short", day: "numeric" }).format(at)).toBe("Mar 14");
    expect(dateTimeFormat("en-US", { timeZone: "Asia/Tokyo", weekday: "short" }).format(at)).toBe("Sun");
    expect(dateTimeFormat("zh-HK", { timeZone: "Asia/Tokyo", month: "short", day: "numeric" }).format(at)).toBe("3月15日");
  });
});
