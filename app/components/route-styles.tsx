/**
 * The head's links and the CSS of the matched routes, in place of React Router's <Links />.
 *
 * A first visit paints from the HTML alone: the server writes each of the page's CSS files into
 * the head as a `<style data-href>` block (about 7 KiB gzip per page, docs/decisions.md 177), so
 * no stylesheet request holds back first paint. In the browser the same blocks are rendered from
 * the text the document already holds, so hydration matches, and they stay while the page lives;
 * a CSS file the document did not carry (a screen opened later) is linked as usual, after React
 * Router has preloaded it.
 */
import { createContext, Fragment, useContext, type ReactNode } from "react";
import { UNSAFE_FrameworkContext, useMatches, type LinkDescriptor } from "react-router";

/** CSS text by its hashed /assets/ address: the build's files on the server, none in the browser. */
const InlineCssContext = createContext<ReadonlyMap<string, string> | null>(null);

export function InlineCssProvider({ files, children }: { files: ReadonlyMap<string, string>; children: ReactNode }) {
  return <InlineCssContext.Provider value={files}>{children}</InlineCssContext.Provider>;
}

/**
 * A stylesheet link no browser fetches: HTML says a stylesheet whose `type` is not a styling
 * language it supports is not obtained. It still matches `link[rel="stylesheet"][href=…]`, the
 * question React Router and Vite's import loader ask. (`disabled` did this until Chromium 150,
 * which fetches disabled stylesheets: ten requests for CSS home already carries.)
 */
const NOT_FETCHED = { type: "text/x-inlined" };

let carriedByDocument: Map<string, string> | undefined;

/** The CSS the server wrote into this document, read once: it stays the same for the page's life. */
function cssInDocument(): ReadonlyMap<string, string> {
  carriedByDocument ??= new Map(
    [...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map((style) => [style.dataset.href!, style.textContent ?? ""]),
  );
  return carriedByDocument;
}

export function RouteStyles() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const serverFiles = useContext(InlineCssContext);
  const matches = useMatches();
  if (!framework) return null;

  const css = new Set<string>();
  const links: LinkDescriptor[] = [];
  for (const match of matches) {
    for (const href of framework.manifest.routes[match.id]?.css ?? []) css.add(href);
    const routeLinks = framework.routeModules[match.id]?.links;
    if (routeLinks) links.push(...routeLinks());
  }

  // In the browser the document's own blocks stay for the page's life, whichever screen is open,
  // so coming back to a screen fetches nothing; files the document did not carry are linked.
  // On the server, the routes' own files and then those of their later parts (route-css.server.ts).
  const carried = serverFiles ? new Map([...css, ...serverFiles.keys()].flatMap((href) => (serverFiles.has(href) ? [[href, serverFiles.get(href)!] as const] : []))) : cssInDocument();
  const { criticalCss } = framework;
  return (
    <>
      {/* The dev server's CSS of the first screen (React Router removes it once hydrated). */}
      {typeof criticalCss === "string" ? <style data-react-router-critical-css="" dangerouslySetInnerHTML={{ __html: criticalCss }} /> : null}
      {typeof criticalCss === "object" ? <link data-react-router-critical-css="" rel="stylesheet" href={criticalCss.href} /> : null}
      {[...carried].map(([href, text]) => (
        // The link is never fetched (NOT_FETCHED); it tells React Router, which preloads a screen's
        // stylesheets before showing it unless the document links them, that this one is here.
        <Fragment key={href}>
          <style data-href={href} dangerouslySetInnerHTML={{ __html: text }} />
          <link rel="stylesheet" href={href} {...NOT_FETCHED} />
          {/* A file a dynamic import() also needs is listed by React Router with a trailing '#',
              while Vite's loader of that import looks for the plain address: both find it here. */}
          {href.endsWith("#") ? <link rel="stylesheet" href={href.slice(0, -1)} {...NOT_FETCHED} /> : null}
        </Fragment>
      ))}
      {[...css].filter((href) => !carried.has(href)).map((href) => <link key={href} rel="stylesheet" href={href} />)}
      {links.map((link) => ("href" in link && link.href ? <link key={`${link.rel} ${link.href}`} {...link} /> : null))}
    </>
  );
}
