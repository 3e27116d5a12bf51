/**
 * The law's notice shown to a buyer ('Price capped by local law' with the law on tap, and the
 * disclosures the law requires), apart from the selling screens' form pieces so a buyer's
 * screen does not load a form library for it.
 */
import { useTranslation } from "react-i18next";
import type { ResaleNotice } from "@market/listings/buyer-notices";

/** The law's notice on a buyer's view of a listing; nothing when there is none. A <details> opens without JavaScript. */
export function ResaleNoticeView({ notice, className }: { notice: ResaleNotice | null; className?: string }) {
  const { t } = useTranslation("selling");
  if (!notice) return null;
  const facts = [
    notice.restriction ? t("notice.restriction", { text: notice.restriction }) : null,
    notice.ticketNumbers ? t("notice.ticketNumbers", { numbers: notice.ticketNumbers.join(", ") }) : null,
    notice.trader ? t("notice.trader", { name: notice.trader.legalName, address: notice.trader.address, email: notice.trader.email }) : null,
    notice.fanResale ? t("notice.fanResale") : null,
    notice.disclosedUnder.length ? t("notice.disclosedUnder", { laws: notice.disclosedUnder.join(", ") }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className={className} data-testid="resale-notice">
      {notice.cappedBy ? (
        <details>
          <summary data-testid="price-capped">{t("notice.capped")}</summary>
          <p>{t("notice.cappedBy", { law: notice.cappedBy })}</p>
        </details>
      ) : null}
      {facts.map((fact) => (
        <p key={fact}>{fact}</p>
      ))}
    </div>
  );
}
