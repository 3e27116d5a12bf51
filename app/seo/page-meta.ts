/**
 * A public page's meta: title, description, Open Graph and Twitter cards, and schema.org data,
 * in the viewer's language. The address-level tags (canonical, hreflang alternates, og:url,
 * og:locale) are written once by the root layout (app/seo/address-tags.tsx) for every page.
 */
import type { MetaDescriptor } from "react-router";
import type { PageSeo } from "~/server/seo.server";

export interface PageMetaInput {
  /** The route's own words; the root's defaults for the path are used when absent. */
  title?: string | null;
  description?: string | null;
  /** A 1200×630 PNG (a tour's card), absolute or relative to the site; the app icon otherwise. */
  image?: string | null;
  /** schema.org objects, each written as one application/ld+json block. */
  structuredData?: readonly Record<string, unknown>[];
}

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
const ICON_SIZE = { width: 512, height: 512 };

/** The root's SEO block from a meta function's `matches`. */
export function rootSeo(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): PageSeo | undefined {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { seo?: PageSeo } | undefined;
  return data?.seo;
}

export function pageMeta(seo: PageSeo | undefined, input: PageMetaInput = {}): MetaDescriptor[] {
  const title = input.title ?? seo?.title ?? "Ovation";
  const description = input.description ?? seo?.description ?? null;
  const image = !seo ? null : input.image?.startsWith("https://") || input.image?.startsWith("http://") ? input.image : `${seo.origin}${input.image ?? "/icons/icon-512.png"}`;
  const wide = Boolean(input.image);
  const tags: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }, { name: "twitter:title", content: title }];
  if (description) {
    tags.push({ name: "description", content: description }, { property: "og:description", content: description }, { name: "twitter:description", content: description });
  }
  if (image) {
    const size = wide ? SHARE_IMAGE_SIZE : ICON_SIZE;
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:width", content: String(size.width) },
      { property: "og:image:height", content: String(size.height) },
      { property: "og:image:type", content: "image/png" },
      { name: "twitter:image", content: image },
    );
  }
  tags.push({ name: "twitter:card", content: wide ? "summary_large_image" : "summary" });
  for (const item of input.structuredData ?? []) tags.push({ "script:ld+json": item });
  return tags;
}
