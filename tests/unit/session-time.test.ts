import { describe, expect, test } from "vitest";
import { sessionTime } from "~/i18n/session-time";

// 2026-03-14 12:15 UTC: 20:15 on Saturday in Hong Kong, 21:15 in Tokyo.
const AT = Date.UTC(2026, 2, 14, 12, 15);

describe("sessionTime", () => {
  test("writes the session in its venue's zone, in the viewer's language", () => {
    const en = sessionTime(AT, "Asia/Hong_Kong", "en-US");
    expect([en.iso, en.weekday, en.day, en.month, en.dayLabel, en.time, en.date]).toEqual([
      "2026-03-14T12:15:00.000Z",
      "Sat",
      "14",
      "Mar",
      "Sat, Mar 14",
      "8:15 PM",
      "Sat, Mar 14, 2026",
    ]);
    expect(sessionTime(AT, "Asia/Tokyo", "en-US").time).toBe("9:15 PM");
    const zh = sessionTime(AT, "Asia/Hong_Kong", "zh-HK");
    expect([zh.day, zh.dayLabel]).toEqual(["14", "3月14日週六"]);
  });

  test("a loader's copy carries every part (its parts are written when read)", () => {
    expect(JSON.parse(JSON.stringify(sessionTime(AT, "Asia/Hong_Kong", "en-US")))).toEqual({
      iso: "2026-03-14T12:15:00.000Z",
      weekday: "Sat",
      day: "14",
      month: "Mar",
      dayLabel: "Sat, Mar 14",
      time: "8:15 PM",
      date: "Sat, Mar 14, 2026",
    });
  });
});
