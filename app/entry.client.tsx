/**
 * Hydration: i18next in the browser loads only the namespaces the current routes declare,
 * in the language the server rendered (<html lang>) and in no other, before React hydrates:
 * both languages carry every key (tests/unit/locale-parity.test.ts), so the browser needs no
 * fallback language and a zh-HK page never downloads en-US files.
 */
import { HydratedRouter } from "react-router/dom";
import i18next from "i18next";
import Fetch from "i18next-fetch-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "@market/translations/config";
import { namespacesBeforeRender } from "~/i18n/route-namespaces.client";

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(Fetch)
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang,
      fallbackLng: false,
      ns: getInitialNamespaces(),
      backend: { loadPath: `/locales/{{lng}}/{{ns}}?v=${__BUILD_ID__}` },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter instrumentations={[namespacesBeforeRender]} />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();

// Keeps the shell and the buyer's opened tickets for offline use (public/sw.js); the page works
// the same without it.
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  // This module is imported after the page may already have loaded.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
