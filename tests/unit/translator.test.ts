/**
 * The product's translator (functions/market/translations/translator.ts, wrapped for the screens
 * by app/i18n/translator.tsx) reads the real locale files the way i18next does, so both write the
 * same text; and the server's words outside a screen (fixed-t.ts) come from it.
 */
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Translator, Trans } from "~/i18n/translator";
import { SUPPORTED_LANGUAGES } from "@market/translations/config";
import { i18nConfig } from "../support/i18next-reference";
import { resources } from "@market/translations/resources";
import { getFixedT } from "@market/translations/fixed-t";
import { MarketError } from "@market/errors";
import { messageOf, translateKey } from "@market/messages";

/** The namespaces as the locales route serves them (the same resource files). */
function fromLocaleFiles(language: string): Translator {
  return new Translator(language, async (lng, namespace) => (resources as unknown as Record<string, Record<string, Record<string, unknown>>>)[lng]![namespace]!);
}

describe("in en-US", async () => {
  const i18n = fromLocaleFiles("en-US");
  await i18n.loadNamespaces(["common", "console", "account", "aftersales-screens"]);
  const common = i18n.fixedT(["common"]);

  test("nested keys, interpolation and plurals", () => {
    expect(common("preferenceSaved.language", { name: "English" })).toBe("Language set to English");
    expect(common("tabs.unread", { count: 1 })).toBe("1 unread message");
    expect(common("tabs.unread", { count: 3 })).toBe("3 unread messages");
  });

  test("a zero form wins for a count of 0 where one is written, and the plural rule elsewhere", () => {
    const console = i18n.fixedT(["console"]);
    expect(console("support.toReview", { count: 0 })).toBe("No cases waiting for review");
    expect(console("support.toReview", { count: 1 })).toBe("1 case waiting for review");
    expect(common("tabs.unread", { count: 0 })).toBe("0 unread messages");
  });

  test("another namespace by prefix or option; a missing key reads as itself or its default", () => {
    expect(common("account:legal").startsWith("By continuing you agree to Ovation's <privacy>")).toBe(true);
    expect(common("legal", { ns: "account" })).toBe(common("account:legal"));
    expect(common("no.such.key")).toBe("no.such.key");
    expect(common("no.such.key", { defaultValue: "Hello {{name}}", name: "Mei" })).toBe("Hello Mei");
    expect(common("preferenceSaved.language")).toBe("Language set to {{name}}");
    expect(common("preferenceSaved.language", { name: undefined })).toBe("Language set to ");
  });

  test("returnObjects gives the list; without it an object is not shown as text", () => {
    const steps = i18n.fixedT(["aftersales-screens"])("entry.steps", { returnObjects: true }) as unknown as string[];
    expect(steps[1]).toBe("Customer service reviews your application and replies within 48 hours.");
    expect(common("preferenceSaved")).toBe("key 'preferenceSaved (en-US)' returned an object instead of string.");
  });

  test("Trans puts the named elements around their words", () => {
    const t = i18n.fixedT(["account"]);
    const html = renderToStaticMarkup(
      createElement(Trans, { t, i18nKey: "legal", components: { privacy: createElement("a", { href: "/privacy-agreement" }), terms: createElement("a", { href: "/user-agreement" }) } }),
    );
    expect(html).toBe('By continuing you agree to Ovation&#x27;s <a href="/privacy-agreement">Privacy Policy</a> and <a href="/user-agreement">user agreement</a>.');
    expect(renderToStaticMarkup(createElement(Trans, { t, i18nKey: "step.sentTo", values: { email: "mei@example.com" }, components: { strong: createElement("strong") } }))).toBe(
      "Enter the 6-digit code we sent to <strong>mei@example.com</strong>. It&#x27;s valid for 30 minutes.",
    );
  });
});

describe("in zh-HK", () => {
  test("plurals follow Chinese (one form), and a namespace not yet loaded reads as nothing, never as its key", async () => {
    const i18n = fromLocaleFiles("zh-HK");
    const t = i18n.fixedT(["console"]);
    expect(t("support.toReview", { count: 2 })).toBe("");
    expect(t("support.toReview", { count: 2, defaultValue: "x" })).toBe("");
    await i18n.loadNamespaces(["console"]);
    expect(t("support.toReview", { count: 0 })).toBe("沒有待審核的個案");
    expect(t("support.toReview", { count: 1 })).toBe("1 個個案待審核");
    expect(t("support.toReview", { count: 2 })).toBe("2 個個案待審核");
  });

  test("interpolation, a default for a value the file does not name, and a key missing from a loaded namespace", async () => {
    const i18n = fromLocaleFiles("zh-HK");
    await i18n.loadNamespaces(["common"]);
    const t = i18n.fixedT(["common"]);
    expect(t("preferenceSaved.language", { name: "English" })).toBe("語言已設為English");
    expect(t("tabs.unread", { count: 3 })).toBe("3 則未讀訊息");
    expect(t("channels.kiosk", { defaultValue: "kiosk" })).toBe("kiosk");
    expect(t("no.such.key")).toBe("no.such.key");
  });

  test("changing language loads what the page shows in the new language first", async () => {
    const i18n = fromLocaleFiles("zh-HK");
    await i18n.loadNamespaces(["common"]);
    await i18n.changeLanguage("en-US");
    expect(i18n.language).toBe("en-US");
    expect(i18n.fixedT(["common"])("tabs.unread", { count: 2 })).toBe("2 unread messages");
  });
});

describe("every string of every namespace reads as i18next writes it", async () => {
  for (const language of SUPPORTED_LANGUAGES) {
    test(language, async () => {
      const reference = createInstance();
      await reference.init({ ...i18nConfig, lng: language, resources, showSupportNotice: false });
      const ours = fromLocaleFiles(language);
      const namespaces = Object.keys(resources[language]);
      await ours.loadNamespaces(namespaces);
      const differences: string[] = [];
      for (const namespace of namespaces) {
        const keys = new Set<string>();
        const walk = (value: unknown, path: string) => {
          if (value && typeof value === "object" && !Array.isArray(value)) for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
          else keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
        };
        walk((resources as Record<string, Record<string, unknown>>)[language][namespace], "");
        for (const key of keys) {
          for (const options of [{}, { count: 0, name: "N", email: "E" }, { count: 1 }, { count: 7, value: 3 }]) {
            const expected = reference.t(key, { ns: namespace, ...options } as never) as unknown as string;
            const actual = ours.translate([namespace], key, options);
            if (actual !== expected) differences.push(`${namespace}:${key} ${JSON.stringify(options)} reference ${JSON.stringify(expected)} ours ${JSON.stringify(actual)}`);
          }
        }
      }
      expect(differences.slice(0, 10)).toEqual([]);
    });
  }
});

describe("the server's words outside a screen (getFixedT, messageOf)", () => {
  test("a t over several namespaces reads each in turn, plurals and values in the viewer's language", async () => {
    const en = await getFixedT("en-US", ["errors", "common"]);
    expect(en("required", { field: "Email" })).toBe("Email is required");
    expect(en("tabs.unread", { count: 3 })).toBe("3 unread messages");
    expect(en("tabs.unread", { count: 1 })).toBe("1 unread message");
    const zh = await getFixedT("zh-HK", "common");
    expect(zh("tabs.unread", { count: 1 })).toBe("1 則未讀訊息");
    expect(zh("tabs.home")).toBe("首頁");
  });

  test("a language the product does not speak reads as en-US, and a namespace that does not exist is an error, not blank words", async () => {
    expect((await getFixedT("fr-FR", "common"))("tabs.home")).toBe("Home");
    await expect(getFixedT("en-US", ["common", "no-such-namespace"])).rejects.toThrow("translations not loaded: en-US no-such-namespace");
  });

  test("a refusal reads in the viewer's language, from its own namespace or errors, and an unknown one as the unknown error", async () => {
    expect(await messageOf(new MarketError("invalidParam", { messageKey: "coupon:errors.expired" }), "zh-HK")).toBe("此優惠碼已過期。");
    expect(await messageOf(new MarketError("invalidParam", { params: { field: "數量" } }), "zh-HK")).toBe("數量 無效。");
    expect(await messageOf(new MarketError("invalidParam", { messageKey: "no.such.refusal" }), "en-US")).toBe("Unknown error occurred. Please try again later.");
    expect(await translateKey("tabs.explore", "zh-HK")).toBe("探索");
  });
});
