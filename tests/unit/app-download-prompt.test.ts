import { expect, test } from "vitest";
import { hideDismissedCardScript } from "../../app/components/app-download-prompt";

const NOW = Date.UTC(2026, 10, 29, 12);
const DAY = 24 * 60 * 60_000;

/** Runs the script the server writes after the card, against a stored dismissal (or none): the card's display after it. */
function displayAfterScript(stored: string | null): string {
  const card = { style: { display: "" } };
  const run = new Function("localStorage", "Date", "document", hideDismissedCardScript("r1card"));
  run({ getItem: (key: string) => (key === "ovation_appPromptDismissed" ? stored : null) }, { now: () => NOW }, { getElementById: (id: string) => (id === "r1card" ? card : null) });
  return card.style.display;
}

test("the card is hidden before the first paint while a dismissal is under 7 days old, and shown otherwise", () => {
  expect(displayAfterScript(String(NOW - DAY))).toBe("none");
  expect(displayAfterScript(String(NOW - 6 * DAY))).toBe("none");
  expect(displayAfterScript(String(NOW - 8 * DAY))).toBe("");
  expect(displayAfterScript(null)).toBe("");
  expect(displayAfterScript("not a time")).toBe("");
});
