/**
 * The pieces of the listing form (routes/provider.listing-new/) and the fan's resale: one
 * step as a plain form post with Back and Continue, its fields (labels above, errors in the
 * viewer's language), the seats as toggles from the section's map, the delivery method with
 * only its own details, and the facts a seller reads before pricing.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField, FormError, namedFields, useErrorText } from "./field/console-field";
import { actionReply, repliedFormProps, type RepliedField } from "./field/action-reply";
import { useHydrated } from "./hydrated";
import { ChoiceCard, ChoiceGroup } from "./seller-choice";
import kit from "./console-kit.module.css";
import styles from "~/styles/listing-form.module.css";

type Fields = Record<string, RepliedField>;

export { Fact, PricingFactsView, type PricingView } from "./pricing-facts";

const ORDER = ["seats", "delivery", "price", "review"] as const;

interface ListingStepProps {
  /** The step shown, and its place among the four. */
  step: (typeof ORDER)[number];
  index: number;
  intent: string;
  title?: string;
  submit?: string;
  reply: SubmissionResult<string[]> | undefined;
  hidden: Record<string, string>;
  defaultValue?: Record<string, string>;
  multipart?: boolean;
  /** No Back button (the first step, a one-step form). */
  first?: boolean;
  children: (fields: Fields) => ReactNode;
}

/** One step: a card headed 'Step n of 4 · title', the values so far hidden, Continue and Back. */
export function ListingStep({ step, index, intent, title, submit, reply, hidden, defaultValue, multipart, first, children }: ListingStepProps) {
  const { t } = useTranslation("listing-form");
  const navigation = useNavigation();
  // Checked by the action alone (the seats against the map, the price against the law): the
  // step shows its reply (docs/decisions.md 166), with no form library in the browser.
  const formId = `listing-${intent}`;
  const { form } = actionReply(formId, reply, [], defaultValue);
  const fields = namedFields((name) => actionReply(formId, reply, [name], defaultValue).fields[name]);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const previous = ORDER[index - 1];
  return (
    <section className={kit.card} aria-labelledby={`${form.id}-title`}>
      <p className={styles.progress}>{t("stepOf", { n: index + 1 })}</p>
      <h2 id={`${form.id}-title`} className={kit.cardTitle}>
        {title ?? t(`steps.${step}`)}
      </h2>
      <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...repliedFormProps(form)} className={kit.form}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children(fields)}
        <FormError id={form.errorId} errors={form.errors} />
        <div className={styles.buttons}>
          <button type="submit" className={kit.button} disabled={busy} aria-busy={busy || undefined}>
            {submit ?? t("next")}
          </button>
          {previous && !first ? (
            <button type="submit" name="back" value={previous} formNoValidate className={kit.secondary}>
              {t("back")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** A labelled field of a listing step; dates and times are the browser's own pickers. */
export const ListingInput = ConsoleField;

/** The seats of a row as toggles, 1 to `last`: each a checkbox named `seat`, its number the label. */
export function SeatGrid({ field, last, picked }: { field: RepliedField; last: number; picked: readonly string[] }) {
  const { t } = useTranslation("listing-form");
  const errorText = useErrorText();
  const error = errorText(field.errors, t("seats.seats"));
  return (
    <fieldset className={styles.seatSet} aria-describedby={error ? field.errorId : undefined}>
      <legend className={kit.label}>{t("seats.seats")}</legend>
      <p className={kit.hint}>{t("seats.seatsHint", { last })}</p>
      <div className={styles.seatGrid} data-testid="seat-grid">
        {Array.from({ length: last }, (_, index) => String(index + 1)).map((seat) => (
          <label key={seat} className={styles.seat}>
            <input type="checkbox" name="seat" value={seat} defaultChecked={picked.includes(seat)} aria-label={`${t("seats.seats")} ${seat}`} />
            <span aria-hidden="true">{seat}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={field.errorId} className={kit.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const METHODS = ["E_TICKET", "SELF_PICKUP", "ON_SITE", "EXPRESS", "TICKET_TRANSFER", "CUSTOMER_REDEMPTION"] as const;
type Method = (typeof METHODS)[number];
const DETAILS: Record<Method, readonly ("eTicketTiming" | "deliverBy" | "pickupPlace" | "pickupTime" | "transferPlatform" | "redemptionInstructions")[]> = {
  E_TICKET: ["eTicketTiming", "deliverBy"],
  SELF_PICKUP: ["pickupPlace", "pickupTime"],
  ON_SITE: ["pickupPlace", "pickupTime"],
  EXPRESS: ["deliverBy"],
  TICKET_TRANSFER: ["transferPlatform", "deliverBy"],
  CUSTOMER_REDEMPTION: ["redemptionInstructions"],
};

/**
 * The delivery step: the method, then only its details. With JavaScript the details follow the
 * choice at once; without, they are those of the method the page was drawn for (`shown`), and
 * a post that changed the method only brings its details up.
 */
export function DeliveryStep({
  common,
  values,
  carried,
  chosen,
}: {
  common: { step: "delivery" | "seats" | "price" | "review"; index: number; reply: SubmissionResult<string[]> | undefined };
  values: Record<string, string>;
  carried: Record<string, string>;
  chosen: { deliverBy: string; pickupTime: string };
}) {
  const { t } = useTranslation(["listing-form", "selling", "order"]);
  const hydrated = useHydrated();
  const initial = (METHODS as readonly string[]).includes(values.deliveryMethod ?? "") ? (values.deliveryMethod as Method) : "E_TICKET";
  const [method, setMethod] = useState<Method>(initial);
  const [timing, setTiming] = useState(values.eTicketTiming ?? "later");
  const shown = hydrated ? method : initial;
  return (
    <ListingStep
      {...common}
      intent="delivery"
      hidden={{ ...carried, shown }}
      defaultValue={{
        eTicketTiming: values.eTicketTiming ?? "later",
        deliverBy: values.deliverBy ?? chosen.deliverBy,
        pickupTime: values.pickupTime ?? chosen.pickupTime,
        pickupPlace: values.pickupPlace ?? "",
        transferPlatform: values.transferPlatform ?? "",
        redemptionInstructions: values.redemptionInstructions ?? "",
      }}
    >
      {(fields) => (
        <>
          <ChoiceGroup legend={t("delivery.method")}>
            {METHODS.map((value) => (
              <ChoiceCard key={value} option={{ value, label: t(`order:delivery.${value}`) }} name="deliveryMethod" defaultChecked={value === initial} onChange={() => setMethod(value)} />
            ))}
          </ChoiceGroup>
          {DETAILS[shown].includes("eTicketTiming") ? (
            <ChoiceGroup legend={t("delivery.timing")}>
              {(["later", "now", "codes"] as const).map((value) => (
                <ChoiceCard
                  key={value}
                  option={{ value, label: t(`selling:timing.${value}`) }}
                  name="eTicketTiming"
                  defaultChecked={value === (values.eTicketTiming ?? "later")}
                  onChange={() => setTiming(value)}
                />
              ))}
            </ChoiceGroup>
          ) : null}
          {DETAILS[shown].includes("pickupPlace") ? <ListingInput field={fields.pickupPlace} label={t("delivery.pickupPlace")} /> : null}
          {DETAILS[shown].includes("pickupTime") ? <ListingInput field={fields.pickupTime} label={t("delivery.pickupTime")} type="datetime-local" /> : null}
          {DETAILS[shown].includes("transferPlatform") ? <ListingInput field={fields.transferPlatform} label={t("delivery.transferPlatform")} /> : null}
          {DETAILS[shown].includes("redemptionInstructions") ? <ListingInput field={fields.redemptionInstructions} label={t("delivery.redemptionInstructions")} multiline /> : null}
          {DETAILS[shown].includes("deliverBy") && !(shown === "E_TICKET" && hydrated && timing !== "later") ? (
            <ListingInput field={fields.deliverBy} label={t("delivery.deliverBy")} type="date" hint={shown === "E_TICKET" && !hydrated ? t("delivery.deliverByLater") : undefined} />
          ) : null}
        </>
      )}
    </ListingStep>
  );
}

