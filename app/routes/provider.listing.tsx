/**
 * One listing in the provider console (/provider/listings/:id, seller role): the listing as
 * buyers see it (its price with fees, how often buyers opened it, where it stands against the
 * session's lowest price, and a way to open it as a buyer), its facts and status, the law capping its price if any, a form to change price or quantity (refused while a
 * buyer holds tickets), withdrawal, and every change with who and when. Another seller's listing
 * is not found.
 */
import { data, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { Fact } from "~/components/console-order";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ListingStatusBadge } from "~/components/selling-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { toMajorString } from "@market/money/minor-units";
import { againstLowest, editListing, listProviderListings, withdrawListing } from "@market/selling";
import { currentLowest } from "@market/demand/price-history";
import { ticketPrice } from "@market/money/ticket-price";
import listingStyles from "~/styles/listing-form.module.css";
import { editListingSchema } from "@market/selling/selling-schemas";
import { consoleNotFound, consoleWriters, recordId, requireConsole, takeStep } from "~/server/console.server";
import type { Route } from "./+types/provider.listing";
import { readForm } from "~/server/form.server";
import * as z from "zod";
import { listingForStudents, markListingForStudents } from "@market/students";

/** The students-only switch posts the state it sets, as a strict "true" or "false". */
const studentsOnlySchema = z.object({ studentsOnly: z.enum(["true", "false"]) });

export const handle = { i18n: ["console", "selling", "listing-form", "order", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const id = recordId(params.id);
  const [[listing], write, studentsOnly] = await Promise.all([
    listProviderListings(context.market, { listingId: id }).catch((error: unknown) => {
      throw consoleNotFound(error);
    }),
    consoleWriters(context),
    listingForStudents(context.market, id).catch((error: unknown) => {
      throw consoleNotFound(error);
    }),
  ]);
  const money = (amount: number) => write.money(amount, listing.currency);
  const units = write.minorUnitsOf(listing.currency);
  const lowest = (await currentLowest(context.market, [listing.event.sessionId])).get(listing.event.sessionId) ?? null;
  const allIn = ticketPrice(listing.priceMinor, listing.currency).allIn;
  const above = againstLowest(allIn, listing.currency, lowest);
  return data(
    {
      title: listing.event.title,
      listing: {
        id: listing.listingId,
        currency: listing.currency,
        status: listing.status,
        title: listing.event.title,
        when: `${write.moment(listing.event.startsAt, listing.event.timeZone)} · ${listing.event.venueName}`,
        where: [listing.section, listing.rowLabel].filter(Boolean).join(" · "),
        seats: listing.seats?.join(", ") ?? null,
        price: money(listing.priceMinor),
        allIn: money(allIn),
        // Where it stands: the lowest itself (nothing cheaper), so much above it, or nothing else on sale.
        standing: lowest === null ? { kind: "noOther" as const } : above !== null && above > 0 ? { kind: "above" as const, diff: money(above), lowest: money(lowest.allInMinor) } : { kind: "cheapest" as const },
        face: money(listing.faceValueMinor),
        counts: { left: listing.left, sold: listing.sold, held: listing.held },
        views: listing.views,
        cap: listing.cap ? { law: listing.cap.law, cap: money(listing.cap.capMinor) } : null,
        editable: listing.editable,
        withdrawable: listing.status === "active" || listing.status === "sold_out",
        fanResale: listing.fanResale,
        studentsOnly,
        form: { price: toMajorString(listing.priceMinor, units), quantity: String(listing.quantity) },
        changes: listing.changes.map((change) => ({
          kind: change.kind,
          from: change.kind === "price" && change.from ? money(Number(change.from)) : change.from,
          to: change.kind === "price" && change.to ? money(Number(change.to)) : change.to,
          at: write.moment(change.at, listing.event.timeZone),
        })),
      },
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireConsole(request, context, "seller");
  const id = recordId(params.id);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const redirectTo = `/provider/listings/${id}`;
  if (intent === "edit") {
    formData.set("listingId", String(id));
    return takeStep(context, {
      intent,
      redirectTo,
      submission: parseWithZod(formData, { schema: editListingSchema }),
      run: (value) => editListing(context.market, value),
      toast: () => "selling:toast.edited",
    });
  }
  if (intent === "students") {
    return takeStep(context, {
      intent,
      redirectTo,
      submission: parseWithZod(formData, { schema: studentsOnlySchema }),
      run: (value) => markListingForStudents(context.market, id, value.studentsOnly === "true"),
      toast: () => "selling:toast.students",
    });
  }
  if (intent === "withdraw") {
    return takeStep(context, { intent, redirectTo, run: () => withdrawListing(context.market, { listingId: id }), toast: () => "selling:toast.withdrawn" });
  }
  throw new Response("Bad request", { status: 400 });
}

export default function ProviderListing() {
  const { listing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["selling", "console", "listing-form"]);
  return (
    <ConsoleLayout kind="provider" title={listing.title} back="/provider/listings">
      <section className={kit.card} aria-labelledby="as-buyers" data-testid="listing-as-buyers">
        <h2 id="as-buyers" className={kit.cardTitle}>
          {t("listing-form:listing.asBuyers")}
        </h2>
        <p className={listingStyles.preview}>
          <span className={listingStyles.suggestionPrice} data-testid="listing-all-in">
            {t("listing-form:listing.allIn", { price: listing.allIn })}
          </span>
          {listing.where}
          {listing.seats ? ` · ${listing.seats}` : ""}
        </p>
        <dl className={kit.facts}>
          <Fact label={t("listing-form:listing.views")} value={t("listing-form:listing.viewsCount", { count: listing.views })} testId="listing-views" />
          <Fact
            label={t("listing-form:listing.compare")}
            value={listing.standing.kind === "above" ? t("listing-form:listing.above", listing.standing) : t(`listing-form:listing.${listing.standing.kind}`)}
            testId="listing-standing"
          />
        </dl>
        {listing.status === "active" ? (
          <Link to={`/confirm-ticket?listingId=${listing.id}&quantity=1`} className={kit.secondary} data-testid="open-as-buyer">
            {t("listing-form:listing.open")}
          </Link>
        ) : null}
      </section>

      <section className={kit.card} aria-labelledby="listing-title">
        <div className={kit.cardHead}>
          <ListingStatusBadge status={listing.status} />
          {listing.fanResale ? <span className={kit.hint}>{t("listing.fanResale")}</span> : null}
        </div>
        <h2 id="listing-title" className={kit.cardTitle}>
          {listing.when}
        </h2>
        <dl className={kit.facts}>
          <Fact label={t("fields.sectionId")} value={listing.where} />
          {listing.seats ? <Fact label={t("seats.label")} value={listing.seats} testId="listing-seats" /> : null}
          <Fact label={t("listing.facts")} value={t("listings.price", { price: listing.price, face: listing.face })} testId="listing-price" />
          <Fact label={t("console:order.tickets")} value={t("listings.counts", listing.counts)} />
          {listing.cap ? <Fact label={t("notice.capped")} value={t("listing.cap", listing.cap)} /> : null}
        </dl>
      </section>

      {listing.editable ? (
        <StepForm intent="edit" schema={() => import("@market/selling/selling-schemas").then((schemas) => schemas.editListingSchema)} title={t("listing.edit")} hint={t("listing.editHint")} submit={t("listing.save")} reply={reply} defaultValue={listing.form} hidden={{ listingId: listing.id }}>
          {(fields) => (
            <>
              <ConsoleField field={fields.price} label={t("fields.price", { currency: listing.currency })} inputMode="decimal" />
              <ConsoleField field={fields.quantity} label={t("fields.quantity")} inputMode="numeric" />
            </>
          )}
        </StepForm>
      ) : listing.withdrawable ? (
        <p className={kit.hint}>{t("listing.notEditable")}</p>
      ) : null}

      {listing.withdrawable ? (
        <StepForm
          intent="students"
          title={t("listing.students")}
          hint={t(listing.studentsOnly ? "listing.studentsOn" : "listing.studentsOff")}
          submit={t(listing.studentsOnly ? "listing.studentsOpen" : "listing.studentsMark")}
          reply={reply}
          tone="secondary"
          hidden={{ studentsOnly: String(!listing.studentsOnly) }}
        />
      ) : null}

      {listing.withdrawable ? <StepForm intent="withdraw" title={t("listing.withdraw")} hint={t("listing.withdrawHint")} submit={t("listing.withdraw")} reply={reply} tone="secondary" /> : null}

      <section className={kit.card} aria-labelledby="changes-title">
        <h2 id="changes-title" className={kit.cardTitle}>
          {t("listing.changes")}
        </h2>
        <ol className={kit.timeline} data-testid="listing-changes">
          {listing.changes.map((change, index) => (
            <li key={index} className={kit.step}>
              <span className={kit.stepTitle}>{t(`change.${change.kind}`, { from: change.from, to: change.to })}</span>
              <span className={kit.stepMeta}>{change.at}</span>
            </li>
          ))}
        </ol>
      </section>
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
