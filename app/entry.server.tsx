/**
 * Server rendering: streams HTML, waiting for all data only for bots, translated in the viewer's
 * language with the route's namespaces.
 */
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { i18nServer } from "~/i18n/i18n.server";
import { I18nextProvider, Translator } from "~/i18n/translator";
import { namespaceOf } from "@market/translations/store";
import { loadEvery } from "@market/translations/fixed-t";
import { NonceProvider } from "~/components/nonce";
import { InlineCssProvider } from "~/components/route-styles";
import { carryRouteHeaders } from "~/server/route-headers.server";
import { routeCss } from "~/server/route-css.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = loadContext.market.viewer.language;
  // The screens translate with the browser's translator (docs/decisions.md 286), over the
  // namespaces the isolate has read once from the static assets.
  const i18n = new Translator(language, async (lng, namespace) => (await namespaceOf(lng, namespace)) ?? {});
  const namespaces = i18nServer.getRouteNamespaces(routerContext);
  // The page's CSS is read from the static assets while the strings are; the dev server links its CSS.
  // A namespace the assets failed to give: an error page rather than a page without its words.
  const [, inlineCss] = await Promise.all([
    loadEvery(i18n, namespaces),
    routeCss(routerContext, import.meta.env.DEV ? undefined : loadContext.cloudflare.env.ASSETS),
  ]);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  let status = responseStatusCode;
  // Every inline script (React Router's and React's own streaming ones) carries the CSP nonce.
  const nonce = loadContext.nonce || undefined;
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.nonce}>
      <InlineCssProvider files={inlineCss}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </InlineCssProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        // Errors while streaming are rendered by the error boundary; log the rest once.
        if (!controller.signal.aborted) console.error(error);
      },
    },
  );
  // A reader that goes away (a closed tab) aborts the render; allReady then rejects with its reason.
  body.allReady.then(() => clearTimeout(timer), () => clearTimeout(timer));

  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  carryRouteHeaders(routerContext, responseHeaders);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  for (const cookie of loadContext.setCookies) responseHeaders.append("Set-Cookie", cookie);
  return new Response(body, { headers: responseHeaders, status });
}
