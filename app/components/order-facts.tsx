/**
 * Facts of a bought order written the same wherever the buyer reads them (the payment result,
 * the ticket page, the order list and detail, the ticket stub): its seats as one line, and the
 * session row of a facts list.
 */
import { useTranslation } from "react-i18next";

/** An order's seats as one line: the section, and its row when there is one. */
export function useSeatsLine(): (tickets: { section: string; rowLabel?: string | null }) => string {
  const { t } = useTranslation("order");
  return ({ section, rowLabel }) => (rowLabel ? t("confirm.seatsRow", { section, row: rowLabel }) : t("confirm.seats", { section }));
}

/** The session row of an order's facts (a `<dl>` row): when, in the venue's time, and where. The screen gives the quiet line its look. */
export function SessionFact({ when, venueName, mutedClassName }: { when: { iso: string; date: string; time: string }; venueName: string; mutedClassName: string }) {
  const { t } = useTranslation("order");
  return (
    <div>
      <dt>{t("success.session")}</dt>
      <dd>
        <time dateTime={when.iso}>
          {when.date} · {when.time}
        </time>
        <span className={mutedClassName}>
          {venueName} · {t("success.venueTime")}
        </span>
      </dd>
    </div>
  );
}
