/**
 * A page's scripts are asked for at low priority. Every page is whole before they arrive: the
 * server wrote it and its CSS, links and forms work without them (they hydrate what is there).
 * On a slow link the document's first poster and images go first and the scripts follow,
 * instead of twenty module files taking the connection while the buyer waits to see the page.
 *
 * React Router writes the module preloads; the Worker marks them on the way out. React leaves an
 * attribute it did not write alone when it hydrates, and drops these links once hydrated.
 */
export function scriptsAtLowPriority(response: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("fetchpriority", "low");
      },
    })
    .transform(response);
}
