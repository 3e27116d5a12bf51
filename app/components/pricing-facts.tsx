/**
 * What a seller reads before pricing (the listing form's price step and the fan's resale): the
 * face value, the law with its cap and source, the session's lowest price, and the suggested
 * price in one sentence. Kept apart from the form's steps so the resale screen loads only this.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import kit from "./console-kit.module.css";
import styles from "~/styles/listing-form.module.css";

/** The pricing facts as the screens show them: amounts already written for the viewer. */
export interface PricingView {
  currency: string;
  face: string | null;
  law: { name: string; source: string; cap: string | null; kind: "face_value" | "face_value_plus_10" } | null;
  /** The session's lowest price now, fees included, as buyers see it. */
  lowest: string | null;
  suggestion: { price: string; basis: "listings" | "sales" | "cap"; count: number } | null;
  /** Where the price field starts (major units), if anywhere. */
  start: string | null;
}

export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={kit.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** What a seller reads before pricing: face value, the law with its cap and source, the lowest price, and the suggestion in one sentence. */
export function PricingFactsView({ pricing, children }: { pricing: PricingView; children?: ReactNode }) {
  const { t } = useTranslation("listing-form");
  const { law, suggestion } = pricing;
  return (
    <section className={kit.card} aria-labelledby="pricing-facts" data-testid="pricing-facts">
      <h2 id="pricing-facts" className={kit.cardTitle}>
        {t("price.facts")}
      </h2>
      <dl className={kit.facts}>
        {children}
        {pricing.face ? <Fact label={t("price.face")} value={pricing.face} testId="pricing-face" /> : null}
        <Fact
          label={t("price.law")}
          testId="pricing-law"
          value={
            law ? (
              <>
                {law.cap ? t("price.cap", { cap: law.cap, law: law.name }) : law.name} {t(law.kind === "face_value" ? "price.capFace" : "price.capPlus10")}
                <span className={styles.source}> {t("price.source", { source: law.source })}</span>
              </>
            ) : (
              t("price.noLaw")
            )
          }
        />
        <Fact label={t("price.lowest")} value={pricing.lowest ? t("price.lowestValue", { price: pricing.lowest }) : t("price.noLowest")} testId="pricing-lowest" />
      </dl>
      <p className={styles.suggestion} data-testid="pricing-suggestion">
        {suggestion ? (
          <>
            <span className={styles.suggestionPrice}>
              {t("price.suggested")}: {suggestion.price}
            </span>
            {t(`price.suggestion_${suggestion.basis}`, { price: suggestion.price, count: suggestion.count })}
          </>
        ) : (
          t("price.noSuggestion")
        )}
      </p>
    </section>
  );
}
