/**
 * The orders pick-seat can list a session's listings in. Without zod: the page's sort links read
 * it in the browser, where the listings query schema (and zod with it) would otherwise come along.
 */
export const LISTING_SORTS = ["price_asc", "price_desc", "best_section", "best_deal"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
