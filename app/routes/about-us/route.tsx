/**
 * About us (SPEC §2 aboutUs /about-us): who we are in one paragraph, the app's version and build
 * (APP_VERSION, APP_BUILD from the environment), the guarantee, the user agreement and privacy
 * policy, and the way to customer support.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import styles from "./styles.module.css";
import { LINE_ICONS, LineIcon } from "~/components/line-icon";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/route";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["about"] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootSeo(matches));

export async function loader({ context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const t = await i18nServer.getFixedT(context.market.viewer.language, ["about", "common"]);
  return data({
    title: `${t("about:title")} · ${t("common:appName")}`,
    version: { name: env.APP_VERSION, build: env.APP_BUILD },
  });
}

const LINKS = [
  { key: "terms", to: "/user-agreement", icon: LINE_ICONS.terms },
  { key: "privacy", to: "/privacy-agreement", icon: LINE_ICONS.privacy },
  { key: "support", to: "/emailSupport", icon: LINE_ICONS.mail },
] as const;

export default function AboutUs() {
  const { version } = useLoaderData<typeof loader>();
  const { t } = useTranslation("about");
  return (
    <>
      <PageHeader title={t("title")} fallback="/mine" />
      <main className={styles.page}>
        <section className={styles.brand} aria-labelledby="about-brand">
          {/* The brand mark: the ticket of the app icon (public/favicon.svg). */}
          <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="16" />
            <path d="M14 24h36v6a5 5 0 0 0 0 10v6H14v-6a5 5 0 0 0 0-10Z" />
            <path d="M27 26v18" />
          </svg>
          <h2 id="about-brand" className={styles.name}>
            {t("common:appName")}
          </h2>
          <p className={styles.tagline}>{t("tagline")}</p>
          <p className={styles.version}>{t("version", { version: version.name, build: version.build })}</p>
        </section>

        <TitledSection id="about-story" title={t("storyTitle")} className={styles.card} titleClassName={styles.cardTitle}>
          <p className={styles.story}>{t("story")}</p>
        </TitledSection>

        <Link to="/guarantee" className={styles.guarantee}>
          <span className={styles.guaranteeIcon}>
            <LineIcon paths={LINE_ICONS.guarantee} />
          </span>
          <span className={styles.guaranteeText}>
            <strong>{t("guaranteeTitle")}</strong>
            <span>{t("guaranteeBody")}</span>
          </span>
        </Link>

        <nav aria-label={t("linksLabel")}>
          <ul className={styles.links}>
            {LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className={styles.row}>
                  <LineIcon paths={link.icon} className={styles.rowIcon} />
                  <span className={styles.rowLabel}>{t(`links.${link.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className={styles.note}>{t("supportNote")}</p>
        </nav>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
