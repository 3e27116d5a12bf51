/**
 * The listing form's steps as the seller sees them: the section on the venue's map, then one
 * step card at a time (seats, delivery, price with its facts, check and list), the values so far
 * carried as hidden fields (route.tsx's action judges each step).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import styles from "~/styles/listing-form.module.css";
import { DeliveryStep, Fact, ListingInput, ListingStep, PricingFactsView, SeatGrid } from "~/components/listing-steps";
import { ConsoleSelect } from "~/components/selling-fields";
import { SeatMap } from "~/components/seat-map";
import { PriceChart } from "~/components/price-chart";
import type { Chosen, ListingReply } from "./route.server";
import { SPLITS, STEP_FIELDS, STEPS, type ListingStepName } from "./steps";


export function ListingSteps({ chosen, reply }: { chosen: Chosen; reply: ListingReply | undefined }) {
  const { t } = useTranslation(["listing-form", "selling", "order"]);
  const step = reply?.step ?? "seats";
  const values: Record<string, string> = { sessionId: String(chosen.id), ...(reply?.values ?? {}) };
  const result = reply?.result;
  const plan = chosen.plan;
  const sectionHref = (code: string) => `/provider/listings/new?sessionId=${chosen.id}&section=${encodeURIComponent(code)}`;
  const currency = chosen.currency;
  const carried = (own: ListingStepName) => Object.fromEntries(Object.entries(values).filter(([name]) => !STEP_FIELDS[own].includes(name)));
  const common = { step, index: STEPS.indexOf(step), reply: result } as const;

  return (
    <>
      <section className={kit.card} aria-labelledby="listing-session">
        <h2 id="listing-session" className={kit.cardTitle}>
          {chosen.title}
        </h2>
        <p className={kit.hint}>{chosen.where}</p>
      </section>

      {step === "seats" ? (
        <>
          <section className={kit.card} aria-labelledby="pick-section">
            <h2 id="pick-section" className={kit.cardTitle}>
              {t("seats.section")}
            </h2>
            <p className={kit.hint}>{t("seats.pickSection")}</p>
            <SeatMap map={chosen.map} selected={plan?.code ?? null} sectionHref={sectionHref} withList={false} />
            <ul className={styles.sections} aria-label={t("seats.sections")} data-testid="listing-sections">
              {chosen.sections.map((section) => (
                <li key={section.code}>
                  <Link to={sectionHref(section.code)} preventScrollReset aria-current={section.code === plan?.code ? "true" : undefined}>
                    {section.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          {plan ? (
            <ListingStep
              {...common}
              intent="seats"
              title={t("seats.chosen", { section: plan.name })}
              hidden={{ ...carried("seats"), sectionId: String(plan.id) }}
              defaultValue={{ rowLabel: values.rowLabel ?? "", faceValue: values.faceValue ?? "", quantity: values.quantity ?? "" }}
            >
              {(fields) => (
                <>
                  {plan.generalAdmission ? (
                    <>
                      <p className={kit.hint}>{t("seats.standing")}</p>
                      <ListingInput field={fields.quantity} label={t("seats.quantity")} inputMode="numeric" />
                    </>
                  ) : (
                    <>
                      <ConsoleSelect field={fields.rowLabel} label={t("seats.row")} placeholder={t("seats.chooseRow")} options={plan.rows.map((row) => ({ value: row, label: row }))} />
                      <SeatGrid field={fields.seats} last={plan.seatsPerRow} picked={(values.seats ?? "").split(",")} />
                    </>
                  )}
                  <ListingInput field={fields.faceValue} label={t("seats.faceValue", { currency: chosen.currency })} hint={t("seats.faceHint")} inputMode="decimal" />
                </>
              )}
            </ListingStep>
          ) : null}
        </>
      ) : null}

      {step === "delivery" ? <DeliveryStep common={common} values={values} carried={carried("delivery")} chosen={chosen} /> : null}

      {step === "price" && reply?.pricing ? (
        <>
          <PricingFactsView pricing={reply.pricing} />
          <PriceChart history={chosen.history} timeZone={chosen.timeZone} changes={chosen.changes} />
          <ListingStep {...common} intent="price" hidden={carried("price")} defaultValue={{ price: values.price ?? reply.pricing.start ?? "" }}>
            {(fields) => <ListingInput field={fields.price} label={t("price.price", { currency })} hint={t("price.priceHint")} inputMode="decimal" />}
          </ListingStep>
        </>
      ) : null}

      {step === "review" ? (
        <ListingStep {...common} intent="create" submit={t("review.submit")} multipart hidden={carried("review")} defaultValue={{ splitRule: values.splitRule ?? "any" }}>
          {(fields) => (
            <>
              <dl className={kit.facts} data-testid="listing-review">
                <Fact label={t("review.where")} value={[plan?.name ?? "", values.rowLabel, values.seats?.split(",").join(", ")].filter(Boolean).join(" / ")} />
                <Fact label={t("review.face")} value={values.faceValue ?? ""} />
                <Fact label={t("review.price")} value={values.price ?? ""} />
                <Fact label={t("review.delivery")} value={values.deliveryMethod ? t(`order:delivery.${values.deliveryMethod}`) : ""} />
              </dl>
              {values.deliveryMethod === "E_TICKET" && values.eTicketTiming === "now" ? (
                <ListingInput field={fields.eTicket} label={t("review.eTicket")} type="file" accept="application/pdf,.pdf" />
              ) : null}
              <ListingInput field={fields.proof} label={t("review.proof")} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" />
              <details className={styles.more}>
                <summary>{t("review.more")}</summary>
                <ConsoleSelect field={fields.splitRule} label={t("selling:fields.splitRule")} options={SPLITS.map((value) => ({ value, label: t(`selling:split.${value}`) }))} />
                <ListingInput field={fields.note} label={t("selling:fields.note")} multiline />
                <ListingInput field={fields.restriction} label={t("selling:fields.restriction")} />
                <ListingInput field={fields.ticketNumbers} label={t("selling:fields.ticketNumbers")} />
              </details>
            </>
          )}
        </ListingStep>
      ) : null}
    </>
  );
}
