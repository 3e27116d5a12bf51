/**
 * /web-view?url=…&title=… (SPEC §2): a page of an allowed host (app/platform/allowed-hosts.ts)
 * inside the app frame, under our header with its title and Back. Any other address is refused
 * with a 403 page that says so; nothing of it is loaded.
 */
import { data } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { RefusedAddress } from "~/components/refused-address";
import { i18nServer } from "~/i18n/i18n.server";
import { allowedAddress, DEFAULT_WEB_VIEW_HOSTS, hostList } from "~/platform/allowed-hosts";
import { pageSourcesHeaders } from "../../functions/web/security-headers";
import styles from "~/styles/embedded-media.module.css";
import type { Route } from "./+types/web-view";

export const handle = { i18n: ["apps"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = await i18nServer.getFixedT(context.market.viewer.language, ["apps", "common"]);
  const hosts = hostList(context.cloudflare.env.WEB_VIEW_HOSTS, DEFAULT_WEB_VIEW_HOSTS);
  const address = allowedAddress(url.searchParams.get("url"), url.origin, hosts);
  const given = url.searchParams.get("title")?.trim().slice(0, 80);
  const title = given || t("apps:webView.title");
  // The frame may follow links between the allowed hosts, so the page's CSP frames all of them; a refused address frames nothing.
  return data({ address, title: `${title} · ${t("common:appName")}`, heading: title }, { status: address ? 200 : 403, headers: address ? pageSourcesHeaders({ frame: hosts }) : undefined });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function WebView({ loaderData }: Route.ComponentProps) {
  const { address, heading } = loaderData;
  return (
    <>
      <PageHeader title={heading} />
      {address ? (
        <iframe className={styles.frame} src={address} title={heading} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" referrerPolicy="strict-origin-when-cross-origin" />
      ) : (
        <RefusedAddress testId="web-view-refused" />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
