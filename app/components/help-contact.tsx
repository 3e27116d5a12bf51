import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { LINE_ICONS, LineIcon } from "./line-icon";
import styles from "./help-contact.module.css";

/**
 * The way out of every help page when the answer was not enough: write to customer service,
 * who reply within 48 hours (SPEC §9). `search` carries what the page already knows (an order
 * no., an issue type) into the form.
 */
export function HelpContact({ search = "" }: { search?: string }) {
  const { t } = useTranslation(["help", "chat"]);
  return (
    <section className={styles.card} aria-labelledby="help-contact-title">
      <span className={styles.icon} aria-hidden="true">
        <LineIcon paths={LINE_ICONS.mail} />
      </span>
      <div className={styles.text}>
        <h2 id="help-contact-title" className={styles.title}>
          {t("contact.title")}
        </h2>
        <p className={styles.body}>{t("contact.body")}</p>
      </div>
      <Link className={styles.action} to={`/emailSupport${search}`}>
        {t("contact.action")}
      </Link>
      <Link className={styles.action} to="/chat?support=1" data-testid="help-chat">
        {t("chat:links.chatWithSupport")}
      </Link>
    </section>
  );
}

/** The guarantee and the refund policy: the two promises buyers look for in a help centre. */
export function PolicyLinks() {
  const { t } = useTranslation("help");
  return (
    <nav className={styles.policies} aria-label={t("policies.title")}>
      <Link to="/guarantee" className={styles.policy}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6Z" />
          <path d="m9 12 2 2 4-4" />
        </svg>
        {t("policies.guarantee")}
      </Link>
      <Link to="/refund" className={styles.policy}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 12a8 8 0 1 0 2.3-5.7" />
          <path d="M4 4v4h4" />
          <path d="M12 8v4l3 2" />
        </svg>
        {t("policies.refund")}
      </Link>
    </nav>
  );
}
