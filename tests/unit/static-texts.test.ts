/**
 * The FAQ and the agreements the Worker reads from its static assets (docs/decisions.md 306):
 * under Node (the dev server) each reader builds its file from the module that holds the text, and
 * the build writes the same files into build/client (read after `npm run build`).
 */
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { agreementsFile } from "../../functions/market/config/agreement-file";
import { readAgreement, readAgreements } from "../../functions/market/config/agreements";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { LANGUAGES, type Language } from "../../functions/market/context/language";
import { textFile } from "../../functions/market/static-files/read";
import { faqDetail, listFaq } from "../../functions/market/support/faq";
import { faqFile } from "../../functions/market/support/faq-file";

const as = (language: Language) => ({ viewer: { ...DEFAULT_VIEWER, language } });

test("the FAQ reads in the viewer's language, grouped by topic in order, one question with its topic's others", async () => {
  const topics = await listFaq(as("zh-HK"));
  expect(topics.map(({ code, name }) => `${code}:${name}`)).toEqual(["orders:訂單", "payment:付款", "delivery:門票及配送", "refunds:退款及售後", "account:帳戶"]);
  expect((await listFaq(as("en-US"), { keyword: "WORKING days" })).flatMap((topic) => topic.items.map((item) => item.id))).toContain(403);
  const refund = await faqDetail(as("en-US"), { id: 403 });
  expect(refund.topic).toEqual({ code: "refunds", name: "Refunds and after-sales" });
  expect(refund.related.map((item) => item.id)).toEqual([401, 402]);
  await expect(faqDetail(as("en-US"), { id: 999 })).rejects.toMatchObject({ messageKey: "notFound" });
});

test("the agreements read in the viewer's language, user agreement first", async () => {
  expect((await readAgreements(as("zh-HK"))).map((agreement) => agreement.title)).toEqual(["用戶協議", "私隱政策"]);
  expect((await readAgreements(as("en-US"), { type: "privacy" })).map((agreement) => agreement.type)).toEqual(["privacy"]);
  expect((await readAgreement(as("en-US"), "user")).sections[0].id).toBe("about");
});

test("the build writes each text in each language as the readers build it", () => {
  for (const language of LANGUAGES) {
    for (const [name, data] of [["faq", faqFile(language)], ["agreements", agreementsFile(language)]] as const) {
      const file = new URL(`../../build/client${textFile(language, name)}`, import.meta.url);
      if (!existsSync(file)) throw new Error(`build/client${textFile(language, name)} is missing: run \`npm run build\` first`);
      expect(readFileSync(file, "utf8")).toBe(JSON.stringify(data));
    }
  }
});
