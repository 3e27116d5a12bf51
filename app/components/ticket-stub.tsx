/**
 * A ticket stub for the buyer's delivery screens: the night out (show, session in the venue's
 * time, venue, seats) on a dark top, and beneath a perforation what proves the buyer holds the
 * tickets (the pickup code, the scratch card, the e-ticket voucher) or a notice where there is
 * none yet (not ready, picked up, not found).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSeatsLine } from "./order-facts";
import styles from "./ticket-stub.module.css";

export interface StubEvent {
  title: string;
  venueName: string;
  when: { iso: string; date: string; time: string };
  section: string;
  rowLabel: string | null;
  quantity: number;
}

export function TicketStub({ event, kicker, children }: { event: StubEvent; kicker: string; children: ReactNode }) {
  const { t } = useTranslation("order");
  const seatsLine = useSeatsLine();
  const seats = seatsLine(event);
  return (
    <article className={styles.stub} aria-labelledby="stub-title">
      <div className={styles.stubTop}>
        <p className={styles.kicker}>{kicker}</p>
        <h2 id="stub-title" className={styles.stubTitle}>
          {event.title}
        </h2>
        <p className={styles.stubLine}>
          <time dateTime={event.when.iso}>
            {event.when.date} · {event.when.time}
          </time>
        </p>
        <p className={styles.stubLine}>{event.venueName}</p>
        <p className={styles.stubLine}>
          {seats} · {t("confirm.tickets", { count: event.quantity })}
        </p>
      </div>
      <div className={styles.perforation} aria-hidden="true" />
      <div className={styles.stubBody}>{children}</div>
    </article>
  );
}

/** The code the buyer shows, large; struck through once it no longer works. */
export function BigCode({ label, code, hint, void: spent = false, testId }: { label: string; code: string; hint?: string; void?: boolean; testId?: string }) {
  return (
    <>
      <p className={styles.codeLabel}>{label}</p>
      <p className={styles.bigCode} data-void={spent || undefined} data-testid={testId}>
        {code}
      </p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </>
  );
}

export type NoticeTone = "waiting" | "done" | "refused";

const MARKS: Record<NoticeTone, string> = { waiting: "…", done: "✓", refused: "!" };

/** What stands in for the proof: a badge in the notice's tone, a title and a line. `card` sets it on a card of its own. */
export function Notice({ tone, title, body, mark, card = false, testId, kind }: { tone: NoticeTone; title: string; body: string; mark?: string; card?: boolean; testId?: string; kind?: string }) {
  const notice = (
    <div className={styles.notice} data-tone={tone}>
      <span className={styles.badge} aria-hidden="true">
        {mark ?? MARKS[tone]}
      </span>
      <h2 className={styles.noticeTitle} data-testid={testId} data-kind={kind}>
        {title}
      </h2>
      <p className={styles.hint}>{body}</p>
    </div>
  );
  return card ? <section className={styles.noticeCard}>{notice}</section> : notice;
}
