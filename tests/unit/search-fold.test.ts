/** Search's folding and matching rules (functions/market/search/fold.ts, match.ts), with literal strings. */
import { expect, test } from "vitest";
import { bigrams, fold, foldedWords, foldText, forgivesTypo, trigrams, withinOneEdit } from "../../functions/market/search/fold";
import { rankOf, searchKey } from "../../functions/market/search/match";
import { nameIdOf, nameOf } from "../../functions/market/search/catalog-index";
import { SIMPLIFIED_OF } from "../../functions/market/search/han-variants";
import { canonical, catalogCharacters } from "../../scripts/han-variants";

test("folding: width, case, accents and the catalog's Traditional characters", () => {
  expect(fold("ＮＯＶＡ　ＳＥＶＥＮ")).toBe("nova seven");
  expect(fold("ｶﾀｶﾅ")).toBe("カタカナ");
  expect(fold("Beyoncé Café Ñandú")).toBe("beyonce cafe nandu");
  expect(fold("ÅNGSTRÖM")).toBe("angstrom");
  expect(fold("香港體育館")).toBe("香港体育馆");
  expect(fold("紅館")).toBe("红馆");
  expect(fold("臺北小巨蛋")).toBe("台北小巨蛋");
  // Kana's voicing and Hangul are letters, not accents: kept whole.
  expect(fold("ガラス 서울")).toBe("ガラス 서울");
});

test("words: letters and digits, split at anything else and where CJK meets another script", () => {
  expect(foldedWords("NOVA SEVEN 世界巡迴演唱會《AFTERGLOW》")).toEqual(["nova", "seven", "世界巡回演唱会", "afterglow"]);
  expect(foldedWords("星空Drive亞洲巡迴")).toEqual(["星空", "drive", "亚洲巡回"]);
  expect(foldedWords("VIVRE 1st Asia Tour: BLOOM CODE")).toEqual(["vivre", "1st", "asia", "tour", "bloom", "code"]);
  expect(foldedWords('"*( NEAR OR - % _ \\ 🎤')).toEqual(["near", "or"]);
  expect(foldedWords("夏莉葉·維爾")).toEqual(["夏莉叶", "维尔"]);
  expect(foldText("Tram Line").compact).toBe("tramline");
  expect(foldText("Tram Line").wordStarts).toEqual([0, 4]);
});

test("bigrams: distinct, by character", () => {
  expect(bigrams("红馆")).toEqual(["红馆"]);
  expect(bigrams("香港体育馆")).toEqual(["香港", "港体", "体育", "育馆"]);
  expect(bigrams("nana")).toEqual(["na", "an"]);
  expect(bigrams("n")).toEqual([]);
});

test("one edit: substitution, insertion, deletion, transposition; never two", () => {
  expect(withinOneEdit("seven", "sevan")).toBe(true);
  expect(withinOneEdit("seven", "sevven")).toBe(true);
  expect(withinOneEdit("seven", "seen")).toBe(true);
  expect(withinOneEdit("seven", "sveen")).toBe(true);
  expect(withinOneEdit("seven", "svene")).toBe(false);
  expect(withinOneEdit("colosseum", "coliseum")).toBe(false);
  expect(forgivesTypo("cheryl")).toBe(true);
  expect(forgivesTypo("nova")).toBe(false);
  expect(forgivesTypo("演唱會演唱會")).toBe(false);
});

test("ranks: exact, prefix, word start, anywhere, then loose", () => {
  const name = "nova seven 世界巡回演唱会 afterglow";
  expect(rankOf(name, searchKey("NOVA SEVEN 世界巡迴演唱會 AFTERGLOW"))).toBe(0);
  expect(rankOf(name, searchKey("nov"))).toBe(1);
  expect(rankOf(name, searchKey("novaseven"))).toBe(1);
  expect(rankOf(name, searchKey("seven"))).toBe(2);
  expect(rankOf(name, searchKey("演唱會"))).toBe(3);
  expect(rankOf(name, searchKey("even"))).toBe(3);
  expect(rankOf(name, searchKey("afterglwo"))).toBe(4);
  expect(rankOf(name, searchKey("aftreg"))).toBe(4);
  expect(rankOf(name, searchKey("seven nova"))).toBe(4);
  expect(rankOf(name, searchKey("e"))).toBe(null);
  // Two letters match a word's start, never inside a word; two CJK characters match anywhere.
  expect(rankOf(name, searchKey("ev"))).toBe(null);
  expect(rankOf(name, searchKey("se"))).toBe(2);
  expect(rankOf(name, searchKey("巡迴"))).toBe(3);
  expect(rankOf(name, searchKey("afterglwo nvoa"))).toBe(null);
  expect(rankOf(name, searchKey("🎤"))).toBe(null);
});

test("the Han table covers every character of the catalog's names (run scripts/han-variants.ts when one is added)", () => {
  const table = new Map<string, string>();
  const chars = Array.from(SIMPLIFIED_OF);
  for (let i = 0; i < chars.length; i += 2) table.set(chars[i], chars[i + 1]);
  const missing = [...catalogCharacters()].filter((char) => canonical(char) !== char && table.get(char) !== canonical(char));
  expect(missing).toEqual([]);
  expect(table.get("體")).toBe("体");
  // A district of a venue's address: 暢運道 is 畅运道.
  expect(table.get("暢")).toBe("畅");
  expect(table.size).toBe(104);
});

test("name ids: what a name id stands for is read back from the id alone", () => {
  expect(nameIdOf("tour", 1, "title", "en")).toBe(10);
  expect(nameIdOf("venue", 7, "address", "zh")).toBe(42_949_673_039);
  expect(nameOf(10)).toEqual({ kind: "tour", entityId: 1, field: "title", language: "en" });
  expect(nameOf(13)).toEqual({ kind: "tour", entityId: 1, field: "artist", language: "zh" });
  expect(nameOf(42_949_673_039)).toEqual({ kind: "venue", entityId: 7, field: "address", language: "zh" });
  expect(nameOf(nameIdOf("category", 4_000_000, "name", "en"))).toEqual({ kind: "category", entityId: 4_000_000, field: "name", language: "en" });
});

test("trigrams, and the grams a keyword is looked for anywhere by", () => {
  expect(trigrams("novaseven")).toEqual(["nov", "ova", "vas", "ase", "sev", "eve", "ven"]);
  expect(trigrams("ab")).toEqual([]);
  expect(searchKey("Mar").probes).toEqual(["mar"]);
  expect(searchKey("Zenel").probes).toEqual(["zen", "ene", "nel"]);
  expect(searchKey("紅館").probes).toEqual(["红馆"]);
  expect(searchKey("ab").probes).toEqual([]);
  expect(searchKey("紅").probes).toEqual([]);
});
