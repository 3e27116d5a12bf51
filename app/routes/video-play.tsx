/**
 * /video-play?src=…&poster=…&captions=…&title=… (SPEC §2): a tour's video, from our own storage
 * (a path on this site, e.g. R2 media) or an allowed video host, with its poster and captions
 * (WebVTT). A video from any other host is refused with a 403 page; a poster or captions from
 * elsewhere are left out rather than loaded.
 */
import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { RefusedAddress } from "~/components/refused-address";
import { i18nServer } from "~/i18n/i18n.server";
import { allowedAddress, DEFAULT_VIDEO_HOSTS, hostList } from "~/platform/allowed-hosts";
import { pageSourcesHeaders } from "../../functions/web/security-headers";
import styles from "~/styles/embedded-media.module.css";
import type { Route } from "./+types/video-play";

export const handle = { i18n: ["apps"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = await i18nServer.getFixedT(context.market.viewer.language, ["apps", "common"]);
  const hosts = hostList(context.cloudflare.env.VIDEO_HOSTS, DEFAULT_VIDEO_HOSTS);
  const allowed = (name: string) => allowedAddress(url.searchParams.get(name), url.origin, hosts);
  const src = allowed("src");
  const heading = url.searchParams.get("title")?.trim().slice(0, 80) || t("apps:video.title");
  return data(
    { src, poster: src ? allowed("poster") : null, captions: src ? allowed("captions") : null, heading, title: `${heading} · ${t("common:appName")}`, language: context.market.viewer.language },
    // The video and its captions (media-src) and its poster (img-src) may come from the allowed video hosts.
    { status: src ? 200 : 403, headers: src ? pageSourcesHeaders({ media: hosts, img: hosts }) : undefined },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function VideoPlay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("apps");
  const { src, poster, captions, heading, language } = loaderData;
  return (
    <>
      <PageHeader title={heading} />
      {src ? (
        <main className={styles.player}>
          <video className={styles.video} src={src} poster={poster ?? undefined} controls playsInline preload="metadata" crossOrigin={captions ? "anonymous" : undefined}>
            {captions ? <track kind="captions" src={captions} srcLang={language} label={t("video.captions")} default /> : null}
            <a href={src}>{t("video.download")}</a>
          </video>
        </main>
      ) : (
        <RefusedAddress testId="video-play-refused" />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
