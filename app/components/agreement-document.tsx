import { useTranslation } from "react-i18next";
import { HelpContact } from "./help-contact";
import { PageHeader } from "./page-header";
import styles from "./agreement-document.module.css";
import { TitledSection } from "./titled-section";

export interface AgreementView {
  title: string;
  version: string;
  /** The effective date, already written in the viewer's language. */
  updated: string;
  sections: { id: string; title: string; body: string[] }[];
}

/**
 * A legal document (the user agreement, the privacy policy) laid out for reading on a phone:
 * its version and date, a table of contents whose links reach each section by its stable id,
 * then the sections, and the way to ask about it.
 */
/** Its help card speaks `help` and `chat`: a route showing it declares both, or hydration reads keys. */
export function AgreementDocument({ agreement }: { agreement: AgreementView }) {
  const { t } = useTranslation("help");
  return (
    <main className={styles.page}>
      <header className={styles.intro}>
        <h2 className={styles.title}>{agreement.title}</h2>
        <p className={styles.meta}>
          <span>{t("agreement.version", { version: agreement.version })}</span>
          <span aria-hidden="true">·</span>
          <span>{t("agreement.updated", { date: agreement.updated })}</span>
        </p>
      </header>

      {agreement.sections.length > 1 ? (
        <TitledSection id="agreement-contents" title={t("agreement.contents")} level="h3" as="nav" className={styles.contents} titleClassName={styles.contentsTitle}>
          <ol>
            {agreement.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </TitledSection>
      ) : null}

      <article className={styles.document}>
        {agreement.sections.map((section, index) => (
          <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
            <h3 id={`${section.id}-title`} className={styles.sectionTitle}>
              <span className={styles.number}>{index + 1}</span>
              {section.title}
            </h3>
            {section.body.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>

      <p className={styles.questions}>{t("agreement.questions")}</p>
      <HelpContact />
    </main>
  );
}

/** A legal document's page: its heading (back to Me when there is no page to go back to) over the document. */
export function AgreementPage({ title, agreement }: { title: string; agreement: AgreementView }) {
  return (
    <>
      <PageHeader title={title} fallback="/mine" />
      <AgreementDocument agreement={agreement} />
    </>
  );
}
