/** What /web-view and /video-play show instead of an address they will not load (allowed-hosts.ts). */
import { useTranslation } from "react-i18next";
import styles from "~/components/refused-address.module.css";

export function RefusedAddress({ testId }: { testId: string }) {
  const { t } = useTranslation("apps");
  return (
    <main className={styles.refused} data-testid={testId}>
      <h2 className={styles.refusedTitle}>{t("refused.title")}</h2>
      <p className={styles.refusedBody}>{t("refused.body")}</p>
    </main>
  );
}
