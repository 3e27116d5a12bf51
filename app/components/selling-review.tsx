/**
 * Pieces support's selling screens share (/support/payouts, /support/proofs, /support/law): the
 * nav between the three, the decision form (a choice and a reason, a real form post) and the
 * change log of decisions already taken.
 */
import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField, ConsoleFieldFrame } from "./field/console-field";
import kit from "./console-kit.module.css";
import layout from "./console-layout.module.css";
import { StepForm, type StepReply } from "./console-step-form";

const AREAS = [
  { key: "payouts", to: "/support/payouts" },
  { key: "proofs", to: "/support/proofs" },
  { key: "law", to: "/support/law" },
] as const;

export function SellingReviewNav() {
  const { t } = useTranslation("selling");
  return (
    <nav className={layout.tabs} aria-label={t("review.nav.label")}>
      {AREAS.map((area) => (
        <NavLink key={area.key} to={area.to} end className={layout.tab}>
          {t(`review.nav.${area.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** A decision on one record: choose one of `choices`, say why, save. */
export function ReviewForm({ intent, idName, id, choices, reply }: { intent: string; idName: string; id: number; choices: { value: string; label: string }[]; reply: StepReply | undefined }) {
  const { t } = useTranslation("selling");
  return (
    <StepForm intent={intent} schema={() => import("@market/selling/selling-schemas").then((schemas) => schemas.reviewFormSchema)} submit={t("review.save")} reply={reply} hidden={{ [idName]: id }} tone="dark" bare>
      {(fields) => (
        <>
          <ConsoleFieldFrame field={fields.decision} label={t("review.decision")}>
            <span className={kit.actions} role="radiogroup">
              {choices.map((choice, index) => (
                <label key={choice.value} className={kit.label}>
                  <input type="radio" name={fields.decision.name} value={choice.value} defaultChecked={index === 0} /> {choice.label}
                </label>
              ))}
            </span>
          </ConsoleFieldFrame>
          <ConsoleField field={fields.reason} label={t("review.reason")} hint={t("review.reasonHint")} />
        </>
      )}
    </StepForm>
  );
}

export interface LogLine {
  id: number;
  subjectId: number;
  decision: string;
  reason: string;
  staff: string;
  at: string;
}

export function ReviewLog({ lines, subjectLabel }: { lines: LogLine[]; subjectLabel: (subjectId: number) => string }) {
  const { t } = useTranslation("selling");
  return (
    <section className={kit.card} aria-labelledby="review-log-title">
      <h2 id="review-log-title" className={kit.cardTitle}>
        {t("review.log")}
      </h2>
      {lines.length === 0 ? <p className={kit.hint}>{t("review.logEmpty")}</p> : null}
      <ul className={kit.timeline} data-testid="review-log">
        {lines.map((line) => (
          <li key={line.id} className={kit.step}>
            <span className={kit.stepTitle}>
              {subjectLabel(line.subjectId)} · {t("review.logLine", { decision: t(`review.decisions.${line.decision}`), at: line.at, staff: line.staff })}
            </span>
            <span className={kit.stepNote}>{line.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
