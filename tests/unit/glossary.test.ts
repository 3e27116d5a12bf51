/**
 * One word for one thing: every screen's namespace and the glossary (which mails read too)
 * call a delivery method, a delivery state, a money line and the guarantee the same way, and the
 * Traditional Chinese words the glossary chose have no second spelling anywhere.
 */
import { expect, test } from "vitest";
import { resources } from "../../functions/market/translations/resources";
import { GLOSSARY } from "../../functions/market/glossary";

/** Every string of a namespace with its dotted key. */
function* strings(tree: unknown, prefix: string): Generator<[string, string]> {
  if (typeof tree === "string") yield [prefix, tree];
  else if (tree && typeof tree === "object") for (const [key, value] of Object.entries(tree)) yield* strings(value, prefix ? `${prefix}.${key}` : key);
}

/** The provider's and support's consoles label states as their to-dos, for another audience. */
const BUYER_NAMESPACES = (language: keyof typeof resources) => Object.entries(resources[language]).filter(([ns]) => ns !== "console" && ns !== "glossary");

for (const language of ["en-US", "zh-HK"] as const) {
  const glossary = GLOSSARY[language];

  test(`${language}: every key naming a delivery method or state says what the glossary says`, () => {
    const differing: string[] = [];
    for (const [ns, tree] of BUYER_NAMESPACES(language)) {
      for (const [key, value] of strings(tree, ns)) {
        const method = /(?:^|\.)delivery\.([A-Z_]+)$/.exec(key)?.[1] as keyof typeof glossary.deliveryMethod | undefined;
        if (method && glossary.deliveryMethod[method] !== value) differing.push(`${key}: ${value}`);
        const state = /(?:^|\.)state\.([a-z_]+)$/.exec(key)?.[1] as keyof typeof glossary.deliveryState | undefined;
        if (state && state in glossary.deliveryState && glossary.deliveryState[state] !== value) differing.push(`${key}: ${value}`);
      }
    }
    expect(differing).toEqual([]);
  });

  test(`${language}: the money lines and the guarantee are called one way on every screen`, () => {
    const { order, buy, about, me, tour, help } = resources[language];
    expect([order.confirm.total, order.confirm.ticketPrice, order.confirm.serviceFee]).toEqual([glossary.money.total, glossary.money.ticketPrice, glossary.money.serviceFee]);
    expect([about.guaranteeTitle, buy.confirm.guaranteeTitle, me.guarantee.title, help.guarantee.heroTitle]).toEqual(Array(4).fill(glossary.term.guarantee));
    expect(tour.guarantee.title).toBe(glossary.term.guarantee);
    expect(order.confirm.addressTitle).toBe(glossary.term.shippingAddress);
  });
}

test("the delivery methods read as the glossary chose in English", () => {
  expect(GLOSSARY["en-US"].deliveryMethod).toMatchObject({ SELF_PICKUP: "Self-pickup", ON_SITE: "Collect at the venue", CUSTOMER_REDEMPTION: "Redeem at the box office" });
});

test("Traditional Chinese uses one spelling for the address, the guarantee and face value", () => {
  const variants: string[] = [];
  for (const [ns, tree] of BUYER_NAMESPACES("zh-HK")) {
    for (const [key, value] of strings(tree, ns)) if (/收貨地址|100% 保證入場|票面(?!價)/.test(value)) variants.push(`${key}: ${value}`);
  }
  expect(variants).toEqual([]);
  expect(GLOSSARY["zh-HK"].term).toEqual({ shippingAddress: "收件地址", guarantee: "100% 入場保證" });
  expect(GLOSSARY["zh-HK"].money.faceValue).toBe("票面價");
});
