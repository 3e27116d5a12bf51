/**
 * Hydration: the translator (app/i18n/translator.tsx) loads only the namespaces the
 * current routes declare, in the language the server rendered (<html lang>) and in no other,
 * before React hydrates: both languages carry every key (tests/unit/locale-parity.test.ts), so
 * the browser needs no fallback language and a zh-HK page never downloads en-US files.
 */
import { HydratedRouter } from "react-router/dom";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import { I18nextProvider, Translator } from "~/i18n/translator";
import { namespacesBeforeRender } from "~/i18n/route-namespaces.client";

const i18n = new Translator(document.documentElement.lang, async (language, namespace) => {
  const response = await fetch(`/locales/${language}/${namespace}?v=${__BUILD_ID__}`);
  if (!response.ok) throw new Error(`${language}/${namespace}: ${response.status}`);
  return response.json();
});

async function hydrate() {
  await i18n.loadNamespaces(getInitialNamespaces());

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter instrumentations={[namespacesBeforeRender(i18n)]} />
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
