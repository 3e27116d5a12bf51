/**
 * Tags about a page's address, for every page (root layout): canonical, hreflang alternates
 * (en-US, zh-HK, x-default) and the Open Graph address and locale. Written in the layout rather
 * than in `meta` because a route's meta replaces the root's.
 */
import type { PageSeo } from "~/server/seo.server";

const OG_LOCALES = { "en-US": "en_US", "zh-HK": "zh_HK" } as const;

export function AddressTags({ seo }: { seo: PageSeo }) {
  const other = seo.language === "en-US" ? "zh-HK" : "en-US";
  return (
    <>
      <link rel="canonical" href={seo.canonical} />
      {seo.alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      <meta property="og:url" content={seo.canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={seo.siteName} />
      <meta property="og:locale" content={OG_LOCALES[seo.language]} />
      <meta property="og:locale:alternate" content={OG_LOCALES[other]} />
    </>
  );
}
