/**
 * The refund policy (SPEC §2 refund /refund): when a buyer is refunded, how to ask, and how the
 * money comes back: to the original payment method within 1-3 working days (SPEC §4, §9).
 */
import { data, Link } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { HelpContact } from "~/components/help-contact";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import styles from "~/styles/help-pages.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/refund";

export const handle = { i18n: ["help", "chat"] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootSeo(matches));

export async function loader({ context }: Route.LoaderArgs) {
  const t = await i18nServer.getFixedT(context.market.viewer.language, ["help", "common"]);
  return data({ title: `${t("help:refund.title")} · ${t("common:appName")}` });
}

const SECTIONS = ["full", "changed", "notRefundable", "howTo", "payment"] as const;

export default function Refund() {
  const { t } = useTranslation("help");
  return (
    <>
      <PageHeader title={t("refund.title")} fallback="/faq" />
      <main className={styles.page}>
        <section className={styles.promise}>
          <h2 className={styles.promiseTitle}>{t("refund.heroTitle")}</h2>
          <p className={styles.promiseBody}>{t("refund.heroBody")}</p>
          <div className={styles.timeline} aria-hidden="true">
            <span className={styles.timelineStep}>{t("refund.timeline.approved")}</span>
            <span className={styles.timelineDays}>{t("refund.timeline.days")}</span>
            <span className={styles.timelineStep}>{t("refund.timeline.sent")}</span>
          </div>
        </section>

        {SECTIONS.map((section) => {
          // How to ask is a sequence; the rest are lists of cases.
          const List = section === "howTo" ? "ol" : "ul";
          return (
          <section key={section} className={styles.card} aria-labelledby={`refund-${section}`}>
            <h2 id={`refund-${section}`} className={styles.cardTitle}>
              {t(`refund.sections.${section}.title`)}
            </h2>
            <List className={section === "howTo" ? styles.steps : styles.bullets}>
              {(t(`refund.sections.${section}.items`, { returnObjects: true }) as string[]).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </List>
          </section>
          );
        })}

        <Link to="/my-order" className={styles.ghostButton}>
          {t("refund.orders")}
        </Link>
        <HelpContact search="?type=refund" />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
