/**
 * Pieces the selling screens share: a labelled select for a console form and the
 * listing status badge. The law's notice shown to buyers is resale-notice.tsx.
 */
import { useTranslation } from "react-i18next";
import { ConsoleFieldFrame } from "./field/console-field";
import { repliedInputProps, type RepliedField } from "./field/action-reply";
import kit from "./console-kit.module.css";

/** A labelled select of a console form; `placeholder` is a first, empty choice ('Choose a row'). */
export function ConsoleSelect({ field, label, options, placeholder }: { field: RepliedField; label: string; options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <ConsoleFieldFrame field={field} label={label}>
      <select {...repliedInputProps(field)} className={kit.input}>
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
