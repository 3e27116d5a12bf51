/**
 * The help centre (SPEC §2 faq /faq): every question grouped by topic, searchable with
 * ?keyword= (a plain GET form, so it works without JavaScript; with it, results follow typing).
 */
import { data, Form, Link, useLoaderData, useNavigation, useSubmit } from "react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FaqTopicIcon } from "~/components/faq-topic-icon";
import { HelpContact, PolicyLinks } from "~/components/help-contact";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { faqSearchSchema, listFaq } from "@market/support/faq";
import { FAQ_KEYWORD_MAX } from "@market/support/faq-shape";
import styles from "~/styles/help-pages.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/faq";
import { FaqLinks } from "~/components/faq-links";

export const handle = { i18n: ["help", "chat"] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootSeo(matches));

export async function loader({ request, context }: Route.LoaderArgs) {
  const market = context.market;
  const raw = new URL(request.url).searchParams.get("keyword") ?? "";
  const { keyword } = faqSearchSchema.parse({ keyword: raw.slice(0, FAQ_KEYWORD_MAX) });
  const t = await i18nServer.getFixedT(market.viewer.language, ["help", "common"]);
  const topics = await listFaq(market, { keyword });
  return data({
    title: `${t("help:faq.title")} · ${t("common:appName")}`,
    keyword: keyword ?? "",
    topics,
    total: topics.reduce((sum, topic) => sum + topic.items.length, 0),
  });
}

/** How long typing pauses before the results follow it. */
const SEARCH_DEBOUNCE_MS = 250;

export default function Faq() {
  const { keyword, topics, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/faq";
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <>
      <PageHeader title={t("faq.title")} fallback="/mine" />
      <main className={styles.page}>
        <section className={styles.hero}>
          <h2 className={styles.heroTitle}>{t("faq.heroTitle")}</h2>
          <p className={styles.heroBody}>{t("faq.heroBody")}</p>
          <Form
            method="get"
            role="search"
            className={styles.search}
            aria-busy={searching}
            onChange={(event) => {
              const form = event.currentTarget;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
            }}
          >
            <label htmlFor="faq-keyword" className="visually-hidden">
              {t("faq.searchLabel")}
            </label>
            <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" />
              <path d="m16 16 4 4" />
            </svg>
            <input
              id="faq-keyword"
              className={styles.searchInput}
              type="search"
              name="keyword"
              defaultValue={keyword}
              key={keyword}
              maxLength={FAQ_KEYWORD_MAX}
              placeholder={t("faq.searchPlaceholder")}
              autoComplete="off"
              enterKeyHint="search"
            />
            <button type="submit" className={styles.searchButton}>
              {t("faq.search")}
            </button>
          </Form>
        </section>

        {keyword ? (
          <div className={styles.resultsBar}>
            <p>
              <strong>{t("faq.resultsFor", { keyword })}</strong> · {t("faq.resultCount", { count: total })}
            </p>
            <Link to="/faq" replace preventScrollReset className={styles.textLink}>
              {t("faq.clear")}
            </Link>
          </div>
        ) : (
          <nav className={styles.chips} aria-label={t("faq.topicsLabel")}>
            {topics.map((topic) => (
              <a key={topic.code} href={`#topic-${topic.code}`} className={styles.chip}>
                <FaqTopicIcon topic={topic.code} className={styles.chipIcon} />
                {topic.name}
              </a>
            ))}
          </nav>
        )}

        {topics.length === 0 ? (
          <section className={styles.empty}>
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <circle cx="44" cy="44" r="16" fill="none" stroke="var(--color-brand)" strokeWidth="5" />
              <path d="m56 56 12 12" stroke="var(--color-brand)" strokeWidth="6" strokeLinecap="round" />
            </svg>
            <h2 className={styles.emptyTitle}>{t("faq.emptyTitle", { keyword })}</h2>
            <p className={styles.emptyBody}>{t("faq.emptyBody")}</p>
            <Link to="/faq" className={styles.secondaryButton}>
              {t("faq.showAll")}
            </Link>
          </section>
        ) : (
          topics.map((topic) => (
            <section key={topic.code} id={`topic-${topic.code}`} className={styles.group} aria-labelledby={`topic-${topic.code}-title`}>
              <h2 id={`topic-${topic.code}-title`} className={styles.groupTitle}>
                <FaqTopicIcon topic={topic.code} className={styles.groupIcon} />
                {topic.name}
              </h2>
              <FaqLinks items={topic.items} className={styles.list} rowClassName={styles.row} />
            </section>
          ))
        )}

        <HelpContact />
        <PolicyLinks />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
