/**
 * One order in the provider console (/provider/orders/:id, seller role): its facts, the step
 * its delivery method's machine allows now, the details given so far, and the timeline.
 *
 * Steps (functions/market/delivery): E_TICKET upload PDFs (a multipart form), remove one, and
 * deliver; SELF_PICKUP and ON_SITE set the pickup (collection) details, mark ready, and check
 * the buyer's code at the counter; EXPRESS mark shipped with carrier and tracking number;
 * TICKET_TRANSFER send the transfer; CUSTOMER_REDEMPTION issue the code and mark it redeemed.
 * Every step is a real form post; another seller's order is not found.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ETicketFiles } from "./console-etickets";
import { removeFileSchema, uploadSchema } from "./eticket-schemas";
import { ConsoleLayout } from "~/components/console-layout";
import { DeliveryDetails, DeliveryTimeline, OrderSummary } from "~/components/console-order";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleNotFound, consoleWriters, orderFacts, recordId, requireConsole, takeStep } from "~/server/console.server";
import { readForm } from "~/server/form.server";
import { pickupFormOf } from "./route.server";
import { deliverETickets, getProviderOrder, issueRedemptionCode, markCollected, markReadyForPickup, markRedeemed, markShipped, removeETicketFile, sendTransfer, setPickupDetails, uploadETicket } from "@market/delivery";
// The forms' schemas come from their own zod/mini module: the delivery index would bring the domain into the browser.
import { pickupCodeSchema, pickupDetailsSchema, redemptionCodeSchema, shipmentSchema, transferSchema } from "@market/delivery/delivery-schemas";
import type { Route } from "./+types/route";

export const handle = { i18n: ["console", "order", "errors", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const id = recordId(params.id);
  const [order, write, t] = await Promise.all([
    // Another seller's order is not found.
    getProviderOrder(context.market, id).catch((error: unknown) => {
      throw consoleNotFound(error);
    }),
    consoleWriters(context),
    i18nServer.getFixedT(context.market.viewer.language, "console"),
  ]);
  return data(
    {
      title: `${t("providerOrder.title", { orderNo: order.orderNo })} · ${t("layout.name.provider")}`,
      order: orderFacts(order, write),
      actions: order.actions,
      pickupForm: pickupFormOf(order, context.market.now()),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const id = recordId(params.id);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const redirectTo = `/provider/orders/${id}`;

  switch (intent) {
    case "upload":
      return takeStep(context, {
        intent,
        redirectTo,
        submission: parseWithZod(formData, { schema: uploadSchema }),
        run: async ({ file: files }) => {
          for (const file of files) await uploadETicket(ctx, id, { name: file.name, type: file.type, bytes: await file.arrayBuffer() });
        },
      });
    case "remove-file":
      return takeStep(context, {
        intent,
        redirectTo,
        submission: parseWithZod(formData, { schema: removeFileSchema }),
        run: ({ fileId }) => removeETicketFile(ctx, id, fileId),
      });
    case "deliver":
      return takeStep(context, { intent, redirectTo, run: () => deliverETickets(ctx, id) });
    case "pickup-details":
      return takeStep(context, {
        intent,
        redirectTo,
        submission: parseWithZod(formData, { schema: pickupDetailsSchema }),
        run: (value) => setPickupDetails(ctx, id, value),
      });
    case "ready":
      return takeStep(context, { intent, redirectTo, run: () => markReadyForPickup(ctx, id) });
    case "collected":
      return takeStep(context, { intent, redirectTo, submission: parseWithZod(formData, { schema: pickupCodeSchema }), run: (value) => markCollected(ctx, id, value) });
    case "ship":
      return takeStep(context, { intent, redirectTo, submission: parseWithZod(formData, { schema: shipmentSchema }), run: (value) => markShipped(ctx, id, value) });
    case "transfer":
      return takeStep(context, { intent, redirectTo, submission: parseWithZod(formData, { schema: transferSchema }), run: (value) => sendTransfer(ctx, id, value) });
    case "redemption-code":
      return takeStep(context, {
        intent,
        redirectTo,
        submission: parseWithZod(formData, { schema: redemptionCodeSchema }),
        run: (value) => issueRedemptionCode(ctx, id, value),
      });
    case "redeemed":
      return takeStep(context, { intent, redirectTo, run: () => markRedeemed(ctx, id) });
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

/** The steps' schemas, imported when a step's form is first focused (the action has them already). */
const deliverySchemas = () => import("@market/delivery/delivery-schemas");

export default function ProviderOrder() {
  const { order, actions, pickupForm } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["console", "order"]);
  const can = (step: (typeof actions)[number]) => actions.includes(step);
  // ON_SITE is collected at the venue; SELF_PICKUP at the provider's counter. Same steps, own words.
  const onSite = order.delivery.method === "ON_SITE";
  const pickupWords = onSite ? "collection" : "pickup";
  const files = order.delivery.details.files;
  const detailsSet = Boolean(order.delivery.details.pickup?.at);

  // Once set, the details are changed below the step they lead to (mark ready, the counter).
  const pickupDetailsForm = can("setPickupDetails") ? (
    <StepForm
      intent="pickup-details"
      schema={() => deliverySchemas().then((schemas) => schemas.pickupDetailsSchema)}
      title={t(`steps.${pickupWords}.${detailsSet ? "change" : "title"}`)}
      hint={t("steps.pickup.hint")}
      submit={t("steps.pickup.save")}
      reply={reply}
      defaultValue={pickupForm}
      tone={detailsSet ? "secondary" : "primary"}
    >
      {(fields) => (
        <>
          <ConsoleField field={fields.at} label={t("steps.pickup.at")} type="datetime-local" hint={t("steps.pickup.atHint")} />
          <ConsoleField field={fields.location} label={t("steps.pickup.location")} autoComplete="street-address" />
          <ConsoleField field={fields.remark} label={t("steps.pickup.remark")} multiline />
          <ConsoleField field={fields.providerPhone} label={t("steps.pickup.phone")} type="tel" inputMode="tel" autoComplete="tel" />
        </>
      )}
    </StepForm>
  ) : null;

  return (
    <ConsoleLayout kind="provider" title={t("providerOrder.title", { orderNo: order.orderNo })} back="/provider" actingFor={order.seller}>
      <OrderSummary order={order} />

      {can("uploadETicket") || can("deliverETickets") || files.length > 0 ? <ETicketFiles files={files} can={can} reply={reply} /> : null}

      {detailsSet ? null : pickupDetailsForm}

      {can("markReadyForPickup") ? (
        <StepForm intent="ready" title={t(`steps.${pickupWords}.readyTitle`)} hint={t("steps.pickup.readyHint")} submit={t(`steps.${pickupWords}.ready`)} reply={reply} />
      ) : null}

      {can("markCollected") ? (
        <StepForm intent="collected" schema={() => deliverySchemas().then((schemas) => schemas.pickupCodeSchema)} title={t("steps.counter.title")} hint={t("steps.counter.hint")} submit={t("steps.counter.submit")} reply={reply} tone="dark">
          {(fields) => <ConsoleField field={fields.code} label={t("steps.counter.code")} inputMode="numeric" />}
        </StepForm>
      ) : null}

      {can("markShipped") ? (
        <StepForm intent="ship" schema={() => deliverySchemas().then((schemas) => schemas.shipmentSchema)} title={t("steps.ship.title")} hint={t("steps.ship.hint")} submit={t("steps.ship.submit")} reply={reply}>
          {(fields) => (
            <>
              <ConsoleField field={fields.carrier} label={t("steps.ship.carrier")} />
              <ConsoleField field={fields.trackingNo} label={t("steps.ship.trackingNo")} />
            </>
          )}
        </StepForm>
      ) : null}

      {can("sendTransfer") ? (
        <StepForm
          intent="transfer"
          schema={() => deliverySchemas().then((schemas) => schemas.transferSchema)}
          title={t("steps.transfer.title")}
          hint={t("steps.transfer.hint")}
          submit={t("steps.transfer.submit")}
          reply={reply}
          defaultValue={{ to: order.contact.email }}
        >
          {(fields) => (
            <>
              <ConsoleField field={fields.to} label={t("steps.transfer.to")} type="email" />
              <ConsoleField field={fields.ref} label={t("steps.transfer.ref")} />
            </>
          )}
        </StepForm>
      ) : null}

      {can("issueRedemptionCode") ? (
        <StepForm intent="redemption-code" schema={() => deliverySchemas().then((schemas) => schemas.redemptionCodeSchema)} title={t("steps.redemption.title")} hint={t("steps.redemption.hint")} submit={t("steps.redemption.submit")} reply={reply}>
          {(fields) => <ConsoleField field={fields.code} label={t("steps.redemption.code")} />}
        </StepForm>
      ) : null}

      {can("markRedeemed") ? (
        <StepForm intent="redeemed" title={t("steps.redeemed.title")} hint={t("steps.redeemed.hint")} submit={t("steps.redeemed.submit")} reply={reply} tone="dark" />
      ) : null}

      {detailsSet ? pickupDetailsForm : null}

      {actions.length === 0 ? (
        <section className={kit.card} data-testid="nothing-due">
          <h2 className={kit.cardTitle}>{t("providerOrder.nothingTitle")}</h2>
          <p className={kit.hint}>{t(`providerOrder.nothing.${order.delivery.state === "voided" ? "voided" : "waiting"}`)}</p>
        </section>
      ) : null}

      <DeliveryDetails delivery={order.delivery} />
      <DeliveryTimeline timeline={order.delivery.timeline} />
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
