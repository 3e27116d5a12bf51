import { data, type LinksFunction, type LoaderFunctionArgs, Meta, Outlet, ScrollRestoration, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useNonce } from "~/components/nonce";
import { RouteStyles } from "~/components/route-styles";
import { PageScripts } from "~/components/page-scripts";
import { PendingBar } from "~/components/pending-bar";
import { Toaster } from "~/components/toaster";
import { ConnectionStatus } from "~/components/connection-status";
import { LaterWiring, appFrameStyle } from "~/components/later-wiring";
import { OpenInAppBar } from "~/components/open-in-app";
import { useRememberScriptsRun } from "~/components/scripts-sign";
import { configurePageRequests } from "~/platform/page-request-settings";
import { useAppNavigation } from "~/components/page-stack";
import { GlobalListeners } from "~/components/global-listeners";
import { readPageEvent } from "~/server/page-event.server";
import { readToast } from "~/server/toast.server";
import { themeOf } from "~/server/theme.server";
import { pageSeo } from "~/server/seo.server";
import { AddressTags } from "~/seo/address-tags";
import { useKeepLanguage } from "~/seo/keep-language";
import { whenPartsLive } from "~/components/later-part";
import { loadReference } from "@market/reference";
import { payMethodsFor } from "@market/payments/pay-methods";
import "~/styles/tokens.css";
import "~/styles/base.css";

export const handle = { i18n: ["common", "errors"] };


/** Every page has a title: a route without its own (a screen still being built) gets the app's name. */
export const meta = () => [{ title: "Ovation" }];

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = context.market;
  const [{ toast, headers }, reference, seo] = await Promise.all([readToast(request), loadReference(context.market), pageSeo(request, viewer.language)]);
  const shownCurrency = reference.currencyByCode.get(viewer.currency);
  const theme = themeOf(request);
  if (theme.setCookie) headers.append("Set-Cookie", theme.setCookie);
  const pageEvent = await readPageEvent(request, context.appFrame, headers);
  return data(
    {
      language: viewer.language,
      currency: viewer.currency,
      /** How amounts in the viewer's currency are written (app/components/price.tsx). */
      currencyDisplay: { code: viewer.currency, symbol: shownCurrency?.symbol ?? viewer.currency, minorUnits: shownCurrency?.minorUnits ?? 2 },
      location: viewer.location,
      environment: viewer.environment,
      signedIn: viewer.userId !== null,
      platform: viewer.platform,
      channel: viewer.channel,
      /** Inside an app's web view: its channel, source and insets (functions/web/app-context.ts). */
      appFrame: context.appFrame,
      /** SPEC §4: analytics only in production (ANALYTICS_EVERYWHERE turns it on elsewhere, for tests). */
      analytics: viewer.environment === "production" || context.cloudflare.env.ANALYTICS_EVERYWHERE === "true",
      /** What the pay modal offers in this viewer's channel (app/components/pay-sheet.tsx). */
      payMethods: payMethodsFor(viewer),
      version: { name: context.cloudflare.env.APP_VERSION, build: context.cloudflare.env.APP_BUILD },
      toast,
      /** SPEC §7's analytics event of the action that led here (app/server/page-event.server.ts). */
      pageEvent,
      /** system, light or dark: written on <html> so the first paint is in it (tokens.css). */
      theme: theme.theme,
      /** Canonical, alternates and the path's default title and description (app/seo). */
      seo,
    },
    { headers },
  );
}

/** The browser's toolbar colour per theme: the canvas of tokens.css. */
const THEME_CHROME = { light: "#f7f6fa", dark: "#0f0e13" } as const;

/**
 * The root's data (undefined while an error page renders). Components and screens below read it
 * the same way, by route id with a type-only import of this loader, so none of them runs this
 * module; the frame components rendered here are handed what they show.
 */
function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { i18n } = useTranslation();
  const language = data?.language ?? i18n.language ?? "en-US";
  const theme = data?.theme ?? "system";
  const nonce = useNonce();
  return (
    <html lang={language} dir="ltr" data-theme={theme === "system" ? undefined : theme} style={appFrameStyle(data?.appFrame)}>
      <head>
        <meta charSet="utf-8" />
        {/* In the layout, not in `meta`: a route's meta replaces the root's, and every page needs these. */}
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {theme === "system" ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_CHROME.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_CHROME.dark} />
          </>
        ) : (
          <meta name="theme-color" content={THEME_CHROME[theme]} />
        )}
        <Meta />
        {data?.seo ? <AddressTags seo={data.seo} /> : null}
        <RouteStyles />
      </head>
      <body>
        <div className="app">{children}</div>
        {/* In the layout, so it stays while an error view replaces the page (a tap offline). */}
        <ConnectionStatus />
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  // Before any screen below can ask for anything: what the page's API requests say of the viewer.
  if (data && typeof window !== "undefined") {
    configurePageRequests({ language: data.language, currency: data.currency, location: data.location, channel: data.channel, source: data.appFrame.source, version: data.version.name });
  }
  // A language chosen on another screen arrives with the root's data: the translator follows it.
  const { i18n } = useTranslation();
  const language = data?.language ?? "en-US";
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
  useKeepLanguage();
  useAppNavigation();
  // Marks the page interactive: scripts (and browser tests) can tell a hydrated page from
  // server HTML that has not yet been taken over, parts that come alive later included.
  useEffect(() => {
    whenPartsLive(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);
  useRememberScriptsRun();
  return (
    <>
      <PendingBar />
      <OpenInAppBar root={data} />
      <Outlet />
      <Toaster toast={data?.toast ?? null} />
      <GlobalListeners />
      <LaterWiring root={data} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
