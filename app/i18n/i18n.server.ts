import type { EntryContext } from "react-router";
import { getFixedT } from "@market/translations/fixed-t";

/**
 * The server's words outside a screen's render. The language itself is decided by the viewer
 * resolution (SPEC §4's priority) before React Router runs, so callers pass it.
 */
export const i18nServer = {
  getFixedT,
  /**
   * The namespaces every route of the build names in `handle.i18n`, each once (React Router's
   * entry context holds all the route modules, as remix-i18next read them): a page's screens
   * and any part of another route's they draw find their words loaded.
   */
  getRouteNamespaces(context: EntryContext): string[] {
    const named = Object.values(context.routeModules).flatMap((route) => {
      const i18n: unknown = (route?.handle as { i18n?: unknown } | undefined)?.i18n;
      if (typeof i18n === "string") return [i18n];
      return Array.isArray(i18n) && i18n.every((value) => typeof value === "string") ? (i18n as string[]) : [];
    });
    return [...new Set(named)];
  },
};
