/**
 * Fan resale (/resell?id=, signed in): the second tap from an order's detail. Seats and face
 * value come from the order; the buyer types a price; the market's law is applied. When the
 * tickets sell, the old e-ticket or code stops working and the new buyer gets a fresh one.
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
import { resellOrder } from "@market/selling";
import { resellSchema } from "@market/selling/selling-schemas";
import { requireUser } from "~/server/auth.server";
import { consoleNotFound, consoleWriters, recordId, takeStep } from "~/server/console.server";
import type { Route } from "./+types/resell";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "selling", "errors"] };

export const meta: Route.MetaFunction = () => [{ title: "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const id = recordId(new URL(request.url).searchParams.get("id") ?? undefined);
  const [order, write] = await Promise.all([
    getOrder(context.market, id).catch((error: unknown) => {
      throw consoleNotFound(error);
    }),
    consoleWriters(context),
  ]);
  return data({
    order: {
      id: order.id,
      title: order.event.title,
      seats: [order.tickets.section, order.tickets.rowLabel, order.tickets.seats?.join(", ")].filter(Boolean).join(" · "),
      currency: order.price.currency,
      price: toMajorString(order.price.unitPrice, write.minorUnitsOf(order.price.currency)),
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
  const { order } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation("selling");
  return (
    <ConsoleLayout kind="provider" title={t("resell.title")} back={`/order-detail?id=${order.id}`}>
      <section className={kit.card}>
        <h2 className={kit.cardTitle}>{order.title}</h2>
        <p className={kit.hint}>{order.seats}</p>
        <p className={kit.hint}>{t("resell.hint")}</p>
      </section>
      <StepForm intent="resell" schema={resellSchema as never} submit={t("resell.submit")} reply={reply} defaultValue={{ price: order.price }} hidden={{ orderId: order.id }}>
        {(fields) => <ConsoleField field={fields.price} label={t("resell.price", { currency: order.currency })} inputMode="decimal" />}
      </StepForm>
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
