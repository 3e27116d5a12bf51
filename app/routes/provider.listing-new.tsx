/**
 * Listing tickets (/provider/listings/new, seller role), one thing at a time, each step a plain
 * form post so it works without JavaScript:
 * 0. the show and session: a GET search (?query=), then a session (?sessionId=);
 * 1. seats: the section tapped on the venue's map (?section=, the drawing buyers see), its row
 *    from the map's rows, the seats ticked (or a quantity for standing), and the face value;
 * 2. delivery: the method, then only that method's details (dates and times at the venue);
 * 3. price: the face value, the law with its cap and source, the session's lowest price and its
 *    history as buyers see them, and a suggested price (selling/pricing.ts);
 * 4. check and list: the proof of face value (and the e-ticket when uploaded now) and extras.
 * The steps so far travel as hidden fields; each step is judged by the domain as the listing
 * will be (the seats against the map, the price against the law), and the last creates it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import { recordId, sectionCode } from "@market/input/fields";
import kit from "~/components/console-kit.module.css";
import styles from "~/styles/listing-form.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { GeneralErrorBoundary } from "~/components/error-view";
import { DeliveryStep, Fact, ListingInput, ListingSelect, ListingStep, PricingFactsView, SeatGrid, type PricingView } from "~/components/listing-steps";
import { SeatMap } from "~/components/seat-map";
import { PriceChart, listedChanges } from "~/components/price-chart";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole, wallTimeValue, type ConsoleWriters } from "~/server/console.server";
import { refusalText } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { checkListingPrice, checkListingSeats, createListing, listableSessions, pricingFacts, sectionPlans, sessionMarket, type PricingFacts } from "@market/selling";
import {
  createListingSchema,
  listingDeliveryStepSchema,
  listingPriceStepSchema,
  listingSeatsStepSchema,
} from "@market/selling/selling-schemas";
import { sessionSeatMap } from "@market/listings/seat-map";
import { priceHistory } from "@market/demand/price-history";
import { toMajorString } from "@market/money/minor-units";
import type { Route } from "./+types/provider.listing-new";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "selling", "listing-form", "order", "buy", "demand", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export type ListingStepName = "seats" | "delivery" | "price" | "review";
const STEPS: readonly ListingStepName[] = ["seats", "delivery", "price", "review"];
const SPLITS = ["any", "no_single", "pairs", "all"] as const;
const DAY = 24 * 60 * 60_000;

/** The fields each step asks; every other value the form has so far travels hidden. */
const STEP_FIELDS: Record<ListingStepName, readonly string[]> = {
  seats: ["sectionId", "rowLabel", "seats", "quantity", "faceValue"],
  delivery: ["deliveryMethod", "eTicketTiming", "pickupPlace", "pickupTime", "transferPlatform", "redemptionInstructions", "deliverBy"],
  price: ["price"],
  review: ["splitRule", "note", "restriction", "ticketNumbers"],
};
/** Names that steer the form rather than hold a value. */
const CONTROL = new Set(["intent", "back", "seat", "shown"]);

const searchSchema = z.object({ query: z.string().max(60).optional(), sessionId: recordId().optional(), section: sectionCode.optional() });

/** What the action answers when it shows a step rather than redirecting. */
export interface ListingReply {
  step: ListingStepName;
  values: Record<string, string>;
  result?: SubmissionResult<string[]>;
  pricing?: PricingView;
}

async function requireSellerConsole(request: Request, context: Route.LoaderArgs["context"]) {
  try {
    await requireConsole(request, context, "seller");
  } catch (error) {
    // An account that is not a seller yet is sent to set up its profile first (a guest to sign in).
    if (error instanceof Response && error.status === 404) throw redirect("/sell");
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSellerConsole(request, context);
  const ctx = context.market;
  const search = searchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = search.success ? (search.data.query ?? "") : "";
  const sessionId = search.success ? search.data.sessionId : undefined;
  const code = search.success ? search.data.section : undefined;
  const [sessions, write, t] = await Promise.all([
    listableSessions(ctx, sessionId ? "" : query, sessionId ? { sessionId } : undefined),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "selling"),
  ]);
  const listed = sessions.map((session) => ({ id: session.sessionId, title: session.title, where: `${write.moment(session.startsAt, session.timeZone)} · ${session.venueName}` }));
  const chosen = sessionId ? sessions[0] : undefined;
  const headers = { "cache-control": "private, no-store" };
  if (!chosen) return data({ title: t("new.title"), query, sessions: listed, chosen: null }, { headers });
  const [map, history, market] = await Promise.all([sessionSeatMap(ctx, { sessionId: chosen.sessionId }), priceHistory(ctx, [chosen.sessionId]), sessionMarket(ctx, chosen.sessionId)]);
  const [plan] = code ? await sectionPlans(ctx, map.session.venue.id, { code }) : [];
  return data(
    {
      title: t("new.title"),
      query,
      sessions: listed,
      chosen: {
        id: chosen.sessionId,
        title: listed[0]!.title,
        where: listed[0]!.where,
        timeZone: chosen.timeZone,
        currency: market.currency.code,
        // Tickets reach the buyer by the day before the show, at the venue, unless the seller says otherwise.
        deliverBy: wallTimeValue(chosen.startsAt - DAY, chosen.timeZone).slice(0, 10),
        pickupTime: wallTimeValue(chosen.startsAt - 2 * 60 * 60_000, chosen.timeZone),
        map,
        sections: map.sections.map((section) => ({ code: section.code, name: section.name })),
        plan: plan ?? null,
        history,
        changes: listedChanges(history, chosen.timeZone, ctx.viewer.language),
      },
    },
    { headers },
  );
}

/** The form's filled-in text fields (an empty field is an absent one, as conform reads it). */
function valuesOf(formData: FormData): Record<string, string> {
  return Object.fromEntries([...formData.entries()].filter(([name, value]) => typeof value === "string" && value !== "" && !CONTROL.has(name))) as Record<string, string>;
}

/** A file part of the form, or null when the field was left empty. */
async function fileOf(formData: FormData, name: string) {
  const part = formData.get(name);
  if (!(part instanceof File) || (part.name === "" && part.size === 0)) return null;
  return { name: part.name, type: part.type, bytes: new Uint8Array(await part.arrayBuffer()) };
}

/** The pricing facts as the price step shows them, written for the viewer. */
function pricingView(facts: PricingFacts, write: ConsoleWriters): PricingView {
  const money = (amount: number) => write.money(amount, facts.currency);
  const start = facts.suggestion?.amountMinor ?? (facts.faceValueMinor !== null ? Math.min(facts.faceValueMinor, facts.law?.capMinor ?? Infinity) : null);
  return {
    currency: facts.currency,
    face: facts.faceValueMinor !== null ? money(facts.faceValueMinor) : null,
    law: facts.law ? { name: facts.law.name, source: facts.law.source, cap: facts.law.capMinor !== null ? money(facts.law.capMinor) : null, kind: facts.law.cap } : null,
    lowest: facts.lowest ? write.money(facts.lowest.allInMinor, facts.lowest.currency) : null,
    suggestion: facts.suggestion ? { price: money(facts.suggestion.amountMinor), basis: facts.suggestion.basis, count: facts.suggestion.basis === "sales" ? facts.suggestion.sales : facts.suggestion.listings } : null,
    start: start !== null ? toMajorString(start, facts.minorUnits) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSellerConsole(request, context);
  const ctx = context.market;
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const values = valuesOf(formData);
  const write = await consoleWriters(context);
  const facts = () => pricingFacts(ctx, { sessionId: values.sessionId, sectionId: values.sectionId, faceValue: values.faceValue });
  const show = async (step: ListingStepName, status = 200, result?: SubmissionResult<string[]>) =>
    data({ step, values, result, pricing: step === "price" ? pricingView(await facts(), write) : undefined } satisfies ListingReply, { status });
  const refused = async (step: ListingStepName, error: unknown, reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>) =>
    show(step, 400, reply({ formErrors: [await refusalText(error, context)] }));

  // 'Back' shows an earlier step with everything given so far.
  const back = String(formData.get("back") ?? "");
  if (STEPS.includes(back as ListingStepName)) return show(back as ListingStepName);

  if (intent === "seats") {
    // Seats ticked on the map arrive one per checkbox; the listing takes them as one list.
    const ticked = formData.getAll("seat").filter((seat): seat is string => typeof seat === "string" && seat !== "");
    if (ticked.length > 0) {
      values.seats = ticked.join(",");
      formData.set("seats", values.seats);
    }
    const submission = parseWithZod(formData, { schema: listingSeatsStepSchema });
    if (submission.status !== "success") return show("seats", 400, submission.reply());
    try {
      const { rowLabel } = await checkListingSeats(ctx, values as never);
      if (rowLabel) values.rowLabel = rowLabel;
    } catch (error) {
      return refused("seats", error, (options) => submission.reply(options));
    }
    values.deliveryMethod ??= "E_TICKET";
    return show("delivery");
  }
  if (intent === "delivery") {
    // Without JavaScript the method's own fields appear once it is chosen: a first post only chooses.
    if (formData.get("shown") !== values.deliveryMethod) return show("delivery");
    const submission = parseWithZod(formData, { schema: listingDeliveryStepSchema });
    if (submission.status !== "success") return show("delivery", 400, submission.reply());
    return show("price");
  }
  if (intent === "price") {
    const submission = parseWithZod(formData, { schema: listingPriceStepSchema });
    if (submission.status !== "success") return show("price", 400, submission.reply());
    try {
      await checkListingPrice(ctx, { sessionId: values.sessionId, sectionId: values.sectionId, faceValue: values.faceValue, price: values.price });
    } catch (error) {
      return refused("price", error, (options) => submission.reply(options));
    }
    return show("review");
  }
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: createListingSchema });
    if (submission.status !== "success") return show("review", 400, submission.reply());
    try {
      const { listingId } = await createListing(ctx, values as never, { proof: await fileOf(formData, "proof"), eTicket: await fileOf(formData, "eTicket") });
      throw await redirectWithToast(`/provider/listings/${listingId}`, { kind: "success", key: "selling:toast.created" });
    } catch (error) {
      if (error instanceof Response) throw error;
      return refused("review", error, (options) => submission.reply(options));
    }
  }
  throw new Response("Bad request", { status: 400 });
}

export default function NewListing() {
  const { query, sessions, chosen } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ListingReply | undefined;
  const { t } = useTranslation(["listing-form", "selling", "order"]);
  return (
    <ConsoleLayout kind="provider" title={t("selling:new.title")} back="/provider/listings">
      {!chosen ? (
        <>
          <Form method="get" className={styles.search} role="search">
            <label className={kit.label} htmlFor="listing-query">
              {t("search.label")}
            </label>
            <input id="listing-query" name="query" type="search" defaultValue={query} className={kit.input} maxLength={60} placeholder={t("search.placeholder")} />
            <button type="submit" className={kit.secondary}>
              {t("search.button")}
            </button>
          </Form>
          {sessions.length === 0 ? (
            <p className={kit.hint}>{t("search.none")}</p>
          ) : (
            <section className={kit.card} aria-labelledby="pick-session">
              <h2 id="pick-session" className={kit.cardTitle}>
                {t("search.pick")}
              </h2>
              <ul className={kit.list} data-testid="listable-sessions">
                {sessions.map((session) => (
                  <li key={session.id}>
                    <Link to={`/provider/listings/new?sessionId=${session.id}`} className={kit.row}>
                      <span className={kit.rowTitle}>{session.title}</span>
                      <span className={kit.rowMeta}>{session.where}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : (
        <ListingSteps chosen={chosen} reply={reply} />
      )}
    </ConsoleLayout>
  );
}

type Chosen = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["chosen"]>;

function ListingSteps({ chosen, reply }: { chosen: Chosen; reply: ListingReply | undefined }) {
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
                      <ListingSelect field={fields.rowLabel} label={t("seats.row")} placeholder={t("seats.chooseRow")} options={plan.rows.map((row) => ({ value: row, label: row }))} />
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
          <section className={kit.card}>
            <PriceChart history={chosen.history} timeZone={chosen.timeZone} changes={chosen.changes} />
          </section>
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
                <ListingSelect field={fields.splitRule} label={t("selling:fields.splitRule")} options={SPLITS.map((value) => ({ value, label: t(`selling:split.${value}`) }))} />
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


export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
