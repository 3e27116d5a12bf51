/**
 * A screen reached by a client-side navigation renders with its translations already loaded.
 *
 * The browser's translator starts with the namespaces of the page the server rendered; a screen
 * reached later declares its own (`handle.i18n`), and `useTranslation` alone would fetch them
 * only once the screen is on the glass, blank where its strings go. Each route's loader (React
 * Router gives every route one on the client, a route without a loader of its own included) is
 * instrumented so the navigation waits, alongside the route's data, for the namespaces its
 * module declares: the router commits the new screen only when both are in.
 */
import type { ClientInstrumentation } from "react-router";
import type { Translator } from "~/i18n/translator";

interface RouteManifest {
  routes: Record<string, { module: string } | undefined>;
}

/** A route's declared namespaces: its module is the one the router loads for this navigation (one download, shared). */
async function loadRouteNamespaces(i18n: Translator, routeId: string): Promise<void> {
  const entry = (window as unknown as { __reactRouterManifest?: RouteManifest }).__reactRouterManifest?.routes[routeId];
  if (!entry) return;
  try {
    const module: { handle?: { i18n?: string | string[] } } = await import(/* @vite-ignore */ entry.module);
    const namespaces = module.handle?.i18n;
    if (namespaces && namespaces.length > 0) await i18n.loadNamespaces(namespaces);
  } catch {
    // A module or a namespace that fails to load is the router's to report (its error page);
    // the screen then asks for its namespaces itself, as before.
  }
}

export function namespacesBeforeRender(i18n: Translator): ClientInstrumentation {
  return {
    route({ id, instrument }) {
      instrument({
        async loader(callLoader) {
          await Promise.all([callLoader(), loadRouteNamespaces(i18n, id)]);
        },
      });
    },
  };
}
