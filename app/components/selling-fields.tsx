/**
 * Pieces the selling screens share: a labelled select for a console form (conform), the
 * listing status badge, and the law's notice shown to buyers ('Price capped by local law' with
 * the law on tap, and the disclosures the law requires).
 */
import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { ResaleNotice } from "@market/listings/buyer-notices";
import { ConsoleFieldFrame } from "./field/console-field";
import kit from "./console-kit.module.css";

/** A labelled select of a console form; `placeholder` is a first, empty choice ('Choose a row'). */
export function ConsoleSelect({ field, label, options, placeholder }: { field: FieldMetadata<any>; label: string; options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <ConsoleFieldFrame field={field} label={label}>
      <select {...getSelectProps(field)} key={field.key} className={kit.input}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </ConsoleFieldFrame>
  );
}

const TONE = { active: "owed", sold_out: "done", withdrawn: "stopped", ended: "stopped" } as const;

export function ListingStatusBadge({ status }: { status: keyof typeof TONE }) {
  const { t } = useTranslation("selling");
  return (
    <span className={kit.badge} data-tone={TONE[status]} data-testid="listing-status">
      {t(`status.${status}`)}
    </span>
  );
}

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
