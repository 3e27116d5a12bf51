/**
 * A search keyword as one address names it, whatever way it was typed: full-width and
 * half-width alike (NFKC), trimmed, inner runs of space made one, lower case. 'Nova ', 'NOVA'
 * and 'ｎｏｖａ' are one search: the signed-out page cache keeps one copy of it, and its
 * canonical address is one page.
 */
export function normalisedKeyword(keyword: string): string {
  return keyword.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}
