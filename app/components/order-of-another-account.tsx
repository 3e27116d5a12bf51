/**
 * An order opened from an account that did not place it (SPEC §6): the screen says so, offers
 * to sign out and sign in again with the account that placed it (coming back to this page), and
 * shows nothing of the order.
 */
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { SignOutForm } from "./sign-out-form";
import styles from "./order-of-another-account.module.css";

export function OrderOfAnotherAccount() {
  const { t } = useTranslation(["orders", "errors"]);
  const location = useLocation();
  return (
    <section className={styles.state} data-testid="order-of-another-account">
      <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="17" r="8" />
        <path d="M9 40c1.5-8 7.6-12 15-12s13.5 4 15 12" />
        <path d="m33 8 8 8m0-8-8 8" />
      </svg>
      <h2 className={styles.title}>{t("foreign.title")}</h2>
      <p className={styles.body}>{t("errors:orderOfAnotherAccount")}</p>
      <SignOutForm className={styles.action} redirectTo={`${location.pathname}${location.search}`}>
        {t("foreign.signOut")}
      </SignOutForm>
    </section>
  );
}
