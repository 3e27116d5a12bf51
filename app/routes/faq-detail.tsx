/**
 * One answer of the help centre (SPEC §2 faqDetail /faqDetail?id=), with the rest of its
 * topic to read on and a way to write to customer service.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FaqTopicIcon } from "~/components/faq-topic-icon";
import { HelpContact } from "~/components/help-contact";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { faqDetail, faqDetailSchema } from "@market/support/faq";
import styles from "~/styles/help-pages.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/faq-detail";
import { isMissing, notFoundResponse } from "~/server/refusal.server";
import { FaqLinks } from "~/components/faq-links";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["help", "chat"] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(rootSeo(matches), { title: data?.title });

/** The support form's issue type for each FAQ topic, so a question carries into the form. */
const ISSUE_TYPE_OF_TOPIC = { orders: "order", payment: "payment", delivery: "delivery", refunds: "refund", account: "account" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const market = context.market;
  const query = faqDetailSchema.safeParse({ id: new URL(request.url).searchParams.get("id") ?? undefined });
  if (!query.success) throw notFoundResponse();
  const entry = await readEntry(() => faqDetail(market, query.data));
  const t = await i18nServer.getFixedT(market.viewer.language, ["help", "common"]);
  return data({ title: `${entry.question} · ${t("common:appName")}`, entry });
}

async function readEntry<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    throw error;
  }
}

export default function FaqDetail() {
  const { entry } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return (
    <>
      <PageHeader title={t("faq.title")} fallback="/faq" />
      <main className={styles.page}>
        <article className={styles.article}>
          <Link to={`/faq#topic-${entry.topic.code}`} className={styles.eyebrow}>
            <FaqTopicIcon topic={entry.topic.code} />
            {entry.topic.name}
          </Link>
          <h2 className={styles.question}>{entry.question}</h2>
          <div className={styles.answer}>
            {entry.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </article>

        {entry.related.length > 0 ? (
          <TitledSection id="faq-related" title={t("faqDetail.related", { topic: entry.topic.name })} titleClassName={styles.sectionTitle}>
            <FaqLinks items={entry.related} className={styles.list} rowClassName={styles.row}>
              <li>
                <Link to="/faq" className={styles.row}>
                  <strong>{t("faqDetail.allQuestions")}</strong>
                </Link>
              </li>
            </FaqLinks>
          </TitledSection>
        ) : null}

        <HelpContact search={`?type=${ISSUE_TYPE_OF_TOPIC[entry.topic.code]}`} />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
