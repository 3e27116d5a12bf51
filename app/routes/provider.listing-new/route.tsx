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
import * as z from "zod";
import type { SubmissionResult } from "@conform-to/react";
import { recordId, sectionCode } from "@market/input/fields";
import kit from "~/components/console-kit.module.css";
import styles from "~/styles/listing-form.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ListingSteps } from "./listing-steps";
import { STEPS, type ListingStepName } from "./steps";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { refusalText } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { checkListingPrice, checkListingSeats, createListing, listableSessions, pricingFacts, sectionPlans, sessionMarket } from "@market/selling";
import {
  createListingSchema,
  listingDeliveryStepSchema,
  listingPriceStepSchema,
  listingSeatsStepSchema,
} from "@market/selling/selling-schemas";
import { sessionSeatMap } from "@market/listings/seat-map";
import { priceHistory } from "@market/demand/price-history";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { chosenView, fileOf, pricingView, valuesOf, type ListingReply } from "./route.server";

export const handle = { i18n: ["console", "selling", "listing-form", "order", "buy", "demand", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

const searchSchema = z.object({ query: z.string().max(60).optional(), sessionId: recordId().optional(), section: sectionCode.optional() });

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
      chosen: chosenView({ chosen, listed: listed[0]!, market, map, plan: plan ?? null, history, language: ctx.viewer.language }),
    },
    { headers },
  );
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


export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
