/**
 * Student marks (market/students): the badge a certified account wears, and the corner mark of
 * a listing its seller keeps for verified students (pick-seat's rows, the ticket confirmation).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./students-mark.module.css";

function Cap() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
      <path d="M2 9.5 12 5l10 4.5-10 4.5Z" />
      <path d="M6 11.5V16c0 1.2 2.7 2.5 6 2.5s6-1.3 6-2.5v-4.5" />
    </svg>
  );
}

/** The account's badge. */
export function StudentBadge() {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-testid="student-badge">
      <Cap />
      {t("student.badge")}
    </span>
  );
}

/** A listing for students only, at the corner of its row. */
export function StudentsOnlyMark({ corner = false }: { corner?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={styles.mark} data-corner={corner || undefined} data-testid="students-only">
      <Cap />
      {t("student.only")}
    </span>
  );
}

/** The ticket confirmation's note on a students-only listing, with the way to verify. */
export function StudentsOnlyNote() {
  const { t } = useTranslation();
  return (
    <div className={styles.note} role="note" data-testid="students-only-note">
      <StudentsOnlyMark />
      <span>{t("student.onlyNote")}</span>
      <Link to="/student-certification" className={styles.noteLink}>
        {t("student.verifyToBuy")}
      </Link>
    </div>
  );
}
