/** confirmOrder's event summary and shipping address card. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import styles from "./styles.module.css";
import { TitledSection } from "~/components/titled-section";

export function Chevron({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true">
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}

interface EventSummaryProps {
  event: { title: string; artist: string; venueName: string };
  when: { iso: string; date: string; time: string };
  seats: string;
  quantity: number;
  together: boolean;
}

export function EventSummary({ event, when, seats, quantity, together }: EventSummaryProps) {
  const { t } = useTranslation("order");
  return (
    <section className={styles.event} aria-label={event.title}>
      <p className={styles.kicker}>{event.artist}</p>
      <h2 className={styles.title} data-testid="event-title">
        {event.title}
      </h2>
      <p className={styles.when}>
        <time dateTime={when.iso}>
          {when.date} · {when.time}
        </time>
      </p>
      <p className={styles.venue}>{event.venueName}</p>
      <div className={styles.ticketRow}>
        <span className={styles.seats}>{seats}</span>
        <span className={styles.count}>{t("confirm.tickets", { count: quantity })}</span>
      </div>
      <p className={styles.together}>{together ? t("confirm.together") : t("confirm.notTogether")}</p>
    </section>
  );
}

export function AddressCard({ href, address, missing }: { href: string; address: { name: string; line: string } | null; missing: boolean }) {
  const { t } = useTranslation("order");
  return (
    <TitledSection id="address-title" title={t("confirm.addressTitle")} level="h3" className={styles.card} titleClassName={styles.cardTitle}>
      <Link to={href} className={styles.linkRow} data-invalid={missing || undefined}>
        {address ? (
          <span className={styles.address}>
            <strong>{address.name}</strong>
            <span>{address.line}</span>
          </span>
        ) : (
          <span className={styles.placeholder}>{t("confirm.addressSelect")}</span>
        )}
        <Chevron className={styles.chevron} />
      </Link>
    </TitledSection>
  );
}
