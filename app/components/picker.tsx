/**
 * The pickers' page (language, currency, location): a way back, a large title with a line about
 * what the choice changes, then grouped cards of options. Each option is a real submit button of
 * the surrounding <Form>, so choosing works without JavaScript; with it, the chosen row shows a
 * spinner until the choice is kept.
 */
import { Link, useNavigation } from "react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./picker.module.css";

export function PickerPage({ title, hint, backTo, children }: { title: string; hint?: string; backTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Link to={backTo} className={styles.back} aria-label={t("back")} prefetch="intent">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5 8 12l7 7" />
          </svg>
        </Link>
      </header>
      <div className={styles.intro}>
        <h1 className={styles.title}>{title}</h1>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
      </div>
      {children}
    </main>
  );
}

export function PickerSection({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section className={styles.section} aria-labelledby={title && id ? id : undefined}>
      {title ? (
        <h2 className={styles.sectionTitle} id={id}>
          {title}
        </h2>
      ) : null}
      <div className={styles.card}>{children}</div>
    </section>
  );
}

export function PickerOption({
  name,
  value,
  selected,
  badge,
  title,
  detail,
  lang,
  children,
}: {
  name: string;
  value: string;
  selected: boolean;
  /** A short mark standing for the option: HK$, 繁, TW. */
  badge: ReactNode;
  title: string;
  detail?: ReactNode;
  /** The option's own language, when its name is written in it. */
  lang?: string;
  /** Anything shown under the row, inside its card (e.g. a region's cities). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("preferences");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get(name) === value;
  return (
    <div className={selected ? `${styles.option} ${styles.selected}` : styles.option}>
      <button
        type="submit"
        name={name}
        value={value}
        className={styles.choice}
        aria-current={selected ? "true" : undefined}
        aria-busy={pending || undefined}
      >
        <span className={typeof badge === "string" && badge.length > 3 ? `${styles.badge} ${styles.badgeLong}` : styles.badge} aria-hidden="true" lang={lang}>
          {badge}
        </span>
        <span className={styles.text}>
          <span className={styles.name} lang={lang}>
            {title}
          </span>
          {detail ? <span className={styles.detail}>{detail}</span> : null}
        </span>
        {pending ? (
          <span className={styles.spinner} aria-hidden="true" />
        ) : selected ? (
          <span className={styles.current}>
            <span className="visually-hidden">{t("current")}</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.check}>
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
          </span>
        ) : null}
      </button>
      {children}
    </div>
  );
}

/** A message across the top of a picker: a choice that could not be kept. */
export function PickerNotice({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p className={styles.notice} role="alert" id={id}>
      {children}
    </p>
  );
}
