/**
 * The guarantee (SPEC §1, §2 guarantee /guarantee): the 100% entry guarantee and full-cycle
 * customer support, told plainly: what we promise, what to do when something goes wrong, and
 * what the promise does not cover.
 */
import { data, Link } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import styles from "~/styles/help-pages.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/guarantee";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["help"] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootSeo(matches));

export async function loader({ context }: Route.LoaderArgs) {
  const t = await i18nServer.getFixedT(context.market.viewer.language, ["help", "common"]);
  return data({ title: `${t("help:guarantee.heroTitle")} · ${t("common:appName")}` });
}

const PROMISES = [
  { key: "entry", icon: ["M4 8h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4Z", "m9 13 2 2 4-4"] },
  { key: "delivery", icon: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z", "M12 7v5l3 2"] },
  { key: "cancel", icon: ["M4 12a8 8 0 1 0 2.3-5.7", "M4 4v4h4", "M12 8v4l3 2"] },
  { key: "support", icon: ["M5 13v-1a7 7 0 0 1 14 0v1", "M5 13h2v5H5a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1ZM19 13h-2v5h2a1 1 0 0 0 1-1v-3a1 1 0 0 0-1-1Z", "M17 18a4 4 0 0 1-4 3h-1"] },
] as const;

export default function Guarantee() {
  const { t } = useTranslation("help");
  return (
    <>
      <PageHeader title={t("guarantee.title")} fallback="/mine" />
      <main className={styles.page}>
        <section className={styles.promise}>
          <span className={styles.promiseBadge}>{t("guarantee.badge")}</span>
          <h2 className={styles.promiseTitle}>{t("guarantee.heroTitle")}</h2>
          <p className={styles.promiseBody}>{t("guarantee.heroBody")}</p>
          <svg className={styles.promiseSeal} viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2.5 4.5 5.5v5.5c0 4.8 3.2 9 7.5 10.5 4.3-1.5 7.5-5.7 7.5-10.5V5.5Z" />
            <path d="m8.5 12 2.5 2.5 4.5-5" />
          </svg>
        </section>

        <TitledSection id="guarantee-promises" title={t("guarantee.promisesTitle")} titleClassName={styles.sectionTitle}>
          <div className={styles.card}>
            {PROMISES.map((promise) => (
              <div key={promise.key} className={styles.feature}>
                <span className={styles.featureIcon} aria-hidden="true">
                  <svg viewBox="0 0 24 24">
                    {promise.icon.map((d) => (
                      <path key={d} d={d} />
                    ))}
                  </svg>
                </span>
                <div>
                  <h3 className={styles.featureTitle}>{t(`guarantee.promises.${promise.key}.title`)}</h3>
                  <p className={styles.featureBody}>{t(`guarantee.promises.${promise.key}.body`)}</p>
                </div>
              </div>
            ))}
          </div>
        </TitledSection>

        <TitledSection id="guarantee-steps" title={t("guarantee.stepsTitle")} titleClassName={styles.sectionTitle}>
          <ol className={`${styles.card} ${styles.steps}`}>
            <li>{t("guarantee.steps.contact")}</li>
            <li>{t("guarantee.steps.details")}</li>
            <li>{t("guarantee.steps.resolve")}</li>
          </ol>
        </TitledSection>

        <TitledSection id="guarantee-not-covered" title={t("guarantee.notCoveredTitle")} className={styles.card} titleClassName={styles.cardTitle}>
          <p className={`${styles.cardBody} ${styles.featureBody}`}>{t("guarantee.notCovered")}</p>
        </TitledSection>

        <div className={styles.actions}>
          <Link to="/emailSupport" className={styles.primaryButton}>
            {t("guarantee.contactAction")}
          </Link>
          <Link to="/refund" className={styles.ghostButton}>
            {t("guarantee.refundAction")}
          </Link>
        </div>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
