/** The demo catalog's categories (the home page's tabs) and tags (the Tags view). */
import type { categories, tags } from "../db/schema";

export type CategoryRow = typeof categories.$inferInsert;
export type TagRow = typeof tags.$inferInsert;

export const CATEGORY_SLUGS = ["concerts", "musicals", "theatre", "sports", "comedy", "family", "festivals"] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

const CATEGORY_NAMES: Record<CategorySlug, [string, string]> = {
  concerts: ["Concerts", "演唱會"], musicals: ["Musicals", "音樂劇"], theatre: ["Theatre", "舞台劇"], sports: ["Sports", "體育"],
  comedy: ["Comedy", "棟篤笑"], family: ["Family", "親子"], festivals: ["Festivals", "音樂節"],
};

export const TAG_SLUGS = [
  "k-pop", "cantopop", "mandopop", "j-pop", "pop", "rock", "electronic", "jazz", "classical",
  "broadway", "football", "basketball", "stand-up", "kids", "outdoor",
] as const;
export type TagSlug = (typeof TAG_SLUGS)[number];

const TAG_NAMES: Record<TagSlug, [string, string]> = {
  "k-pop": ["K-pop", "韓流K-pop"], cantopop: ["Cantopop", "廣東歌"], mandopop: ["Mandopop", "華語流行"], "j-pop": ["J-pop", "日本流行"],
  pop: ["Pop", "流行"], rock: ["Rock", "搖滾"], electronic: ["Electronic", "電子音樂"], jazz: ["Jazz", "爵士"],
  classical: ["Classical", "古典"], broadway: ["Broadway", "百老匯"], football: ["Football", "足球"], basketball: ["Basketball", "籃球"],
  "stand-up": ["Stand-up", "棟篤笑"], kids: ["Kids", "兒童"], outdoor: ["Outdoor", "戶外"],
};

/** Rows numbered from 1 in the slugs' order, named in both languages. */
function named<Slug extends string>(slugs: readonly Slug[], names: Record<Slug, [string, string]>) {
  return slugs.map((slug, i) => ({ id: i + 1, slug, nameEn: names[slug][0], nameZh: names[slug][1] }));
}

export function demoCategories(): CategoryRow[] {
  return named(CATEGORY_SLUGS, CATEGORY_NAMES).map((row, i) => ({ ...row, sort: i }));
}

export function demoTags(): TagRow[] {
  return named(TAG_SLUGS, TAG_NAMES);
}
