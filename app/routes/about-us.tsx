/**
 * About us (SPEC §2 aboutUs /about-us): who we are in one paragraph, the app's version and build
 * (APP_VERSION, APP_BUILD from the environment), the guarantee, the user agreement and privacy
 * policy, and the way to customer support.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import styles from "./about-us.module.css";

export const handle = { i18n: ["about"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const t = await i18nServer.getFixedT(context.market.viewer.language, ["about", "common"]);
  return data({
    title: `${t("about:title")} · ${t("common:appName")}`,
    version: { name: env.APP_VERSION, build: env.APP_BUILD },
  });
}

const LINKS = [
  { key: "terms", to: "/user-agreement", icon: ["M7 3h7l4 4v14H7Z", "M14 3v4h4", "M10 12h5M10 16h5"] },
  { key: "privacy", to: "/privacy-agreement", icon: ["M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6Z", "M10 11V9.5a2 2 0 1 1 4 0V11", "M9 11h6v4H9Z"] },
  { key: "support", to: "/emailSupport", icon: ["M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5Z", "m4.5 6 7.5 6 7.5-6"] },
] as const;

function Icon({ paths, className }: { paths: readonly string[]; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

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

        <section className={styles.card} aria-labelledby="about-story">
          <h2 id="about-story" className={styles.cardTitle}>
            {t("storyTitle")}
          </h2>
          <p className={styles.story}>{t("story")}</p>
        </section>

        <Link to="/guarantee" className={styles.guarantee}>
          <span className={styles.guaranteeIcon}>
            <Icon paths={["M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6Z", "m9 12 2 2 4-4"]} />
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
                  <Icon paths={link.icon} className={styles.rowIcon} />
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
