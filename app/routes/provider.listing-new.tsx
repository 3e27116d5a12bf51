/**
 * Listing tickets (/provider/listings/new, seller role). First the seller finds the show (a
 * plain GET search, ?query=), then picks a session (?sessionId=), then fills in the listing:
 * section from the venue's map, row and seat numbers or a quantity for general admission, face
 * value with proof, price, delivery with what it needs, split rule, note, and what the law may
 * ask buyers be shown. One multipart post; the domain applies the market's resale law and
 * answers a refusal naming it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { recordId } from "@market/input/fields";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ConsoleSelect } from "~/components/selling-fields";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { refusalText } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { createListing, listableSessions, sessionMarket } from "@market/selling";
import { createListingSchema } from "@market/selling/selling-schemas";
import type { Route } from "./+types/provider.listing-new";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "selling", "order", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

const METHODS = ["E_TICKET", "SELF_PICKUP", "ON_SITE", "EXPRESS", "TICKET_TRANSFER", "CUSTOMER_REDEMPTION"] as const;
const SPLITS = ["any", "no_single", "pairs", "all"] as const;
const searchSchema = z.object({ query: z.string().max(60).optional(), sessionId: recordId().optional() });

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
  const [sessions, write, t] = await Promise.all([
    listableSessions(ctx, sessionId ? "" : query, sessionId ? { sessionId } : undefined),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "selling"),
  ]);
  const chosen = sessionId ? sessions[0] : undefined;
  const currency = chosen ? (await sessionMarket(ctx, chosen.sessionId)).currency.code : null;
  return data(
    {
      title: t("new.title"),
      query,
      currency,
      sessions: sessions.map((session) => ({ id: session.sessionId, title: session.title, where: `${write.moment(session.startsAt, session.timeZone)} · ${session.venueName}` })),
      chosen: chosen ? { id: chosen.sessionId, sections: chosen.sections.map((section) => ({ value: String(section.id), label: section.name })) } : null,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/** The form's filled-in text fields (an empty field is an absent one, as conform reads it); the domain parses them with the same schema. */
function fieldsOf(formData: FormData) {
  return Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string" && value !== "")) as never;
}

/** A file part of the form, or null when the field was left empty. */
async function fileOf(formData: FormData, name: string) {
  const part = formData.get(name);
  if (!(part instanceof File) || (part.name === "" && part.size === 0)) return null;
  return { name: part.name, type: part.type, bytes: new Uint8Array(await part.arrayBuffer()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSellerConsole(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: createListingSchema });
  if (submission.status !== "success") return data({ intent: "create", result: submission.reply() } satisfies StepReply, { status: 400 });
  try {
    const { listingId } = await createListing(context.market, fieldsOf(formData), { proof: await fileOf(formData, "proof"), eTicket: await fileOf(formData, "eTicket") });
    throw await redirectWithToast(`/provider/listings/${listingId}`, { kind: "success", key: "selling:toast.created" });
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = await refusalText(error, context);
    return data({ intent: "create", result: submission.reply({ formErrors: [message] }) } satisfies StepReply, { status: 400 });
  }
}

export default function NewListing() {
  const { query, sessions, chosen, currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["selling", "order"]);
  return (
    <ConsoleLayout kind="provider" title={t("new.title")} back="/provider/listings">
      <Form method="get" className={kit.searchRow} role="search">
        <label className={kit.label} htmlFor="listing-query">
          {t("new.search")}
        </label>
        <input id="listing-query" name="query" defaultValue={query} className={kit.input} maxLength={60} />
        <button type="submit" className={kit.secondary}>
          {t("new.searchButton")}
        </button>
      </Form>
      {!chosen ? (
        sessions.length === 0 ? (
          <p className={kit.hint}>{t("new.noSessions")}</p>
        ) : (
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
        )
      ) : (
        <StepForm
          intent="create"
          schema={createListingSchema as never}
          title={sessions[0] ? `${sessions[0].title} · ${sessions[0].where}` : t("new.title")}
          hint={t("new.help")}
          submit={t("new.submit")}
          reply={reply}
          multipart
          hidden={{ sessionId: chosen.id }}
          defaultValue={{ deliveryMethod: "E_TICKET", eTicketTiming: "now", splitRule: "any", sectionId: chosen.sections[0]?.value ?? "" }}
        >
          {(fields) => (
            <>
              <ConsoleSelect field={fields.sectionId} label={t("fields.sectionId")} options={chosen.sections} />
              <ConsoleField field={fields.rowLabel} label={t("fields.rowLabel")} />
              <ConsoleField field={fields.seats} label={t("fields.seats")} hint={t("fields.seatsHint")} />
              <ConsoleField field={fields.quantity} label={t("fields.quantity")} inputMode="numeric" />
              <ConsoleField field={fields.faceValue} label={t("fields.faceValue", { currency })} inputMode="decimal" />
              <ConsoleField field={fields.price} label={t("fields.price", { currency })} inputMode="decimal" />
              <ConsoleSelect field={fields.deliveryMethod} label={t("fields.deliveryMethod")} options={METHODS.map((value) => ({ value, label: t(`order:delivery.${value}`) }))} />
              <p className={kit.hint}>{t("fields.methodHint")}</p>
              <ConsoleSelect field={fields.eTicketTiming} label={t("fields.eTicketTiming")} options={(["now", "later"] as const).map((value) => ({ value, label: t(`timing.${value}`) }))} />
              <ConsoleField field={fields.eTicket} label={t("fields.eTicket")} type="file" accept="application/pdf,.pdf" />
              <ConsoleField field={fields.pickupPlace} label={t("fields.pickupPlace")} />
              <ConsoleField field={fields.pickupTime} label={t("fields.pickupTime")} />
              <ConsoleField field={fields.transferPlatform} label={t("fields.transferPlatform")} />
              <ConsoleField field={fields.redemptionInstructions} label={t("fields.redemptionInstructions")} />
              <ConsoleField field={fields.deliverBy} label={t("fields.deliverBy")} />
              <ConsoleSelect field={fields.splitRule} label={t("fields.splitRule")} options={SPLITS.map((value) => ({ value, label: t(`split.${value}`) }))} />
              <ConsoleField field={fields.note} label={t("fields.note")} multiline />
              <ConsoleField field={fields.restriction} label={t("fields.restriction")} />
              <ConsoleField field={fields.ticketNumbers} label={t("fields.ticketNumbers")} />
              <ConsoleField field={fields.proof} label={t("fields.proof")} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" />
            </>
          )}
        </StepForm>
      )}
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
