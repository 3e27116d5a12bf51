/**
 * What crawlers read: robots.txt and sitemap.xml. Only production is open to crawling (every
 * other environment of SPEC §4 answers 'Disallow: /'); account pages, the buying steps, staff
 * consoles and the sandbox payment page are never crawled. The sitemap lists every public
 * catalog page in both languages, each with its hreflang alternates.
 */
import { LANGUAGES } from "../market/context/language";
import { environmentFromHost } from "../market/preferences/environment";
import { publicCatalogPages } from "../market/catalog/public-pages";
import type { MarketContext } from "../market/context";
import { languageAlternates } from "./language-address";

/** Paths no crawler should read: one person's pages, the buying steps, consoles, the sandbox. */
export const PRIVATE_PATHS = [
  "/provider",
  "/support",
  "/dev-outbox",
  "/sandbox-pay",
  "/mine",
  "/my-order",
  "/order-detail",
  "/order-refund",
  "/order-after-sale",
  "/apply-for",
  "/process-list",
  "/settings",
  "/address-list",
  "/address-create",
  "/promo-code-list",
  "/select-coupon",
  "/confirm-ticket",
  "/confirm-order",
  "/pay-success",
  "/ticket-detail",
  "/e-ticket",
  "/pickup-ticket",
  "/pdf-download",
  "/map",
  "/login",
  "/register",
  "/password",
  "/logout",
  "/auth/",
  "/media/e-ticket/",
  "/media/share/",
  "/user/",
];

/** Public pages that are not the catalog's tours and sessions. */
const FIXED_PUBLIC_PAGES = ["/", "/show-list", "/events", "/faq", "/about-us", "/guarantee", "/refund", "/privacy-agreement", "/user-agreement"];

export function robotsTxt(url: URL): string {
  if (environmentFromHost(url.host) !== "production") return "User-agent: *\nDisallow: /\n";
  return ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${url.origin}/sitemap.xml`, ""].join("\n");
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** One <url> per language of a page, each naming all its alternates. */
function pageEntries(page: URL): string[] {
  const alternates = languageAlternates(page);
  const links = alternates.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`).join("\n");
  return LANGUAGES.map((language) => {
    const loc = alternates.find((alt) => alt.hreflang === language)!.href;
    return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${links}\n  </url>`;
  });
}

export async function sitemapXml(url: URL, ctx: Pick<MarketContext, "db" | "now">): Promise<string> {
  const { tourIds, sessionIds } = await publicCatalogPages(ctx);
  const pages = [
    ...FIXED_PUBLIC_PAGES.map((path) => new URL(path, url.origin)),
    ...tourIds.map((id) => new URL(`/tourDetail?id=${id}`, url.origin)),
    ...sessionIds.map((id) => new URL(`/pick-seat?sessionId=${id}`, url.origin)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.flatMap(pageEntries),
    "</urlset>",
    "",
  ].join("\n");
}

/** X-Robots-Tag for a page: none outside production or on a private path; null to allow indexing. */
export function robotsTag(url: URL): string | null {
  if (environmentFromHost(url.host) !== "production") return "noindex, nofollow";
  return PRIVATE_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(path.endsWith("/") ? path : `${path}/`)) ? "noindex" : null;
}
