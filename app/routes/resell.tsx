/**
 * Fan resale (/resell?id=, signed in): the second tap from an order's detail. Seats and face
 * value come from the order, labelled; before the price come the same facts a seller reads
 * (the law with its cap and source, the session's lowest price, the suggestion); the price starts
 * at what the fan paid when that is within the cap, otherwise at the cap. When the tickets sell,
 * the old e-ticket or code stops working and the new buyer gets a fresh one.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { toMajorString } from "@market/money/minor-units";
import { getOrder } from "@market/orders";
import { resalePricing, resellOrder } from "@market/selling";
import { Fact, PricingFactsView } from "~/components/pricing-facts";
import { resellSchema } from "@market/selling/selling-schemas";
import { requireUser } from "~/server/auth.server";
import { consoleNotFound, consoleWriters, recordId, takeStep } from "~/server/console.server";
import type { Route } from "./+types/resell";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "selling", "listing-form", "errors"] };

export const meta: Route.MetaFunction = () => [{ title: "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const id = recordId(new URL(request.url).searchParams.get("id") ?? undefined);
  const missing = (error: unknown) => {
    throw consoleNotFound(error);
  };
  const [order, pricing, write] = await Promise.all([getOrder(context.market, id).catch(missing), resalePricing(context.market, id).catch(missing), consoleWriters(context)]);
  const money = (amount: number) => write.money(amount, pricing.currency);
  const cap = pricing.law?.capMinor ?? null;
  return data({
    order: {
      id: order.id,
      title: order.event.title,
      section: order.tickets.section,
      row: order.tickets.rowLabel,
      seats: order.tickets.seats,
      currency: pricing.currency,
      paid: money(pricing.paidMinor),
      paidAboveCap: cap !== null && pricing.paidMinor > cap,
      price: toMajorString(pricing.startMinor, pricing.minorUnits),
    },
    pricing: {
      currency: pricing.currency,
      face: pricing.faceValueMinor !== null ? money(pricing.faceValueMinor) : null,
      law: pricing.law ? { name: pricing.law.name, source: pricing.law.source, cap: cap !== null ? money(cap) : null, kind: pricing.law.cap } : null,
      lowest: pricing.lowest ? write.money(pricing.lowest.allInMinor, pricing.lowest.currency) : null,
      suggestion: pricing.suggestion
        ? { price: money(pricing.suggestion.amountMinor), basis: pricing.suggestion.basis, count: pricing.suggestion.basis === "sales" ? pricing.suggestion.sales : pricing.suggestion.listings }
        : null,
      start: null,
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resellSchema });
  return takeStep(context, {
    intent: "resell",
    redirectTo: "/provider/listings",
    submission,
    run: (value) => resellOrder(context.market, value),
    toast: () => "selling:toast.resold",
  });
}

export default function Resell() {
  const { order, pricing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["selling", "listing-form"]);
  const seats = order.seats ?? [];
  return (
    <ConsoleLayout kind="provider" title={t("resell.title")} back={`/order-detail?id=${order.id}`}>
      <section className={kit.card} aria-labelledby="resell-order">
        <h2 id="resell-order" className={kit.cardTitle}>
          {order.title}
        </h2>
        <p className={kit.hint}>{t("resell.hint")}</p>
      </section>
      <PricingFactsView pricing={pricing}>
        <Fact label={t("listing-form:resell.section")} value={order.section} testId="resell-section" />
        {order.row ? <Fact label={t("listing-form:resell.row")} value={order.row} testId="resell-row" /> : null}
        {seats.length > 0 ? <Fact label={t(seats.length === 1 ? "listing-form:resell.seat" : "listing-form:resell.seats")} value={seats.join(", ")} testId="resell-seats" /> : null}
        <Fact label={t("listing-form:resell.paid")} value={order.paid} testId="resell-paid" />
      </PricingFactsView>
      <StepForm
        intent="resell"
        schema={() => import("@market/selling/selling-schemas").then((schemas) => schemas.resellSchema)}
        submit={t("resell.submit")}
        reply={reply}
        defaultValue={{ price: order.price }}
        hidden={{ orderId: order.id }}
        hint={order.paidAboveCap ? t("listing-form:resell.paidAboveCap") : undefined}
        title={t("listing-form:steps.price")}
      >
        {(fields) => <ConsoleField field={fields.price} label={t("resell.price", { currency: order.currency })} inputMode="decimal" />}
      </StepForm>
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
