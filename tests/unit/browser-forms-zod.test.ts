/**
 * Forms the browser validates share their schemas with the server, written with zod/mini so a
 * page never downloads classic zod (docs/decisions.md 174). conform's zod helpers read zod/mini
 * schemas as they read classic ones; the fields of fields-mini.ts refuse what their classic twins
 * refuse; and the browser build carries no classic zod and nothing that builds code from text
 * (our CSP has no 'unsafe-eval'). The last part needs a build (npm run build).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { passwordLoginSchema } from "../../functions/market/accounts/schemas";
import { applySchema } from "../../functions/market/aftersales/apply-schema";
import * as classic from "../../functions/market/input/fields";
import * as mini from "../../functions/market/input/fields-mini";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("conform reads zod/mini schemas", () => {
  test("empty fields get the schema's own message keys", () => {
    const submission = parseWithZod(form({ email: "", password: "" }), { schema: passwordLoginSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ email: ["validation.emailRequired"], password: ["validation.passwordRequired"] });
  });

  test("a malformed email is refused with its key; a good one is trimmed and lower-cased", () => {
    expect(parseWithZod(form({ email: "not-an-email", password: "x" }), { schema: passwordLoginSchema }).reply().error).toEqual({
      email: ["validation.emailInvalid"],
    });
    const submission = parseWithZod(form({ email: "  Ann@Example.COM ", password: "secret" }), { schema: passwordLoginSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" ? submission.value : null).toEqual({ email: "ann@example.com", password: "secret" });
  });

  test("cross-field rules of a union still speak per field", () => {
    const submission = parseWithZod(
      form({ orderId: "7", kind: "refund", reason: "other", accountCurrency: "CNY", recipientName: "Chan Tai Man", alipayAccount: "13800138000" }),
      { schema: applySchema },
    );
    expect(submission.reply().error).toEqual({ description: ["required"], refundAmount: ["required"] });
  });
});

describe("fields-mini refuses what fields refuses", () => {
  const cases: [string, (fields: typeof mini | typeof classic) => { safeParse: (value: unknown) => { success: boolean; data?: unknown } }, unknown, unknown][] = [
    ["a digits string", (f) => f.wholeNumber(1, 50), " 12 ", 12],
    ["a JSON number", (f) => f.wholeNumber(1, 50), 50, 50],
    ["above the range", (f) => f.wholeNumber(1, 50), "51", undefined],
    ["an exponent", (f) => f.wholeNumber(1, 5000), "1e3", undefined],
    ["hexadecimal", (f) => f.wholeNumber(1, 50), "0x10", undefined],
    ["a fraction", (f) => f.wholeNumber(1, 50), 1.5, undefined],
    ["an array", (f) => f.recordId(), ["3"], undefined],
    ["a record id", (f) => f.recordId(), "42", 42],
    ["zero as an id", (f) => f.recordId(), "0", undefined],
    ["a ticked checkbox", (f) => f.checkbox, "on", true],
    ["an absent checkbox", (f) => f.checkbox, undefined, false],
    ["a checkbox's unknown word", (f) => f.checkbox, "maybe", undefined],
    ["a flag's false word", (f) => f.flag, "0", false],
    ["a decimal string", (f) => f.decimal(-90, 90), "22.3", 22.3],
    ["a decimal off the range", (f) => f.decimal(-90, 90), "91", undefined],
  ];
  for (const [name, field, input, expected] of cases) {
    test(name, () => {
      for (const fields of [mini, classic]) {
        const result = field(fields).safeParse(input);
        expect(result.success ? result.data : undefined).toEqual(expected);
        expect(result.success).toBe(expected !== undefined);
      }
    });
  }
});

describe("the browser build", () => {
  const assets = fileURLToPath(new URL("../../build/client/assets", import.meta.url));
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, source: readFileSync(`${assets}/${name}`, "utf8") }));

  test("carries zod/mini and no classic zod", () => {
    expect(scripts.some((script) => script.source.includes('"ZodMiniObject"'))).toBe(true);
    expect(scripts.filter((script) => script.source.includes('"ZodObject"')).map((script) => script.name)).toEqual([]);
  });

  test("never builds code from text", () => {
    expect(scripts.filter((script) => /new Function\(|\beval\(/.test(script.source)).map((script) => script.name)).toEqual([]);
  });
});
