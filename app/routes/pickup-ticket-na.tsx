/**
 * pickupTicketNa (/pickup-ticket-na?id={orderId}, SPEC §2, login): where pickup does not apply.
 * The order's tickets come by another method (e-ticket, express, transfer, redemption), so there
 * is no pickup code: the page says so, names the method, and leads to the order's details. A
 * pickup order is sent on to /pickup-ticket, and so is a missing or foreign one, which that page
 * answers with SPEC §8's 'order does not exist'.
 */
import { data, redirect, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { deliveryHref } from "~/components/delivery-facts";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { Notice } from "~/components/ticket-stub";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { isPickupMethod, orderIdParam } from "~/server/delivery.server";
import { getOrder } from "@market/orders";
import styles from "~/styles/delivery-screens.module.css";
import type { Route } from "./+types/pickup-ticket-na";
import { isMissing } from "~/server/refusal.server";

export const handle = { i18n: ["delivery", "order", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdParam(request);
  const [order, t] = await Promise.all([
    orderId === null
      ? null
      : getOrder(ctx, orderId).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        }),
    i18nServer.getFixedT(ctx.viewer.language, "delivery"),
  ]);
  // A pickup order, and one that does not exist, are the pickup ticket's to show.
  if (!order || isPickupMethod(order.deliveryMethod)) throw redirect(`/pickup-ticket${orderId === null ? "" : `?id=${orderId}`}`);
  return data({ pageTitle: t("pickupNa.metaTitle"), order: { id: order.id, method: order.deliveryMethod } }, { headers: { "cache-control": "no-store" } });
}

export default function PickupTicketNaPage() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["delivery", "order", "errors"]);
  const back = deliveryHref.orderDetail(order.id);
  return (
    <div className={styles.page}>
      <PageHeader title={t("pickupNa.title")} fallback={back} />
      <main className={styles.main}>
        <Notice card tone="waiting" mark="i" testId="pickup-na" title={t("pickupNa.heading")} body={t("pickupNa.body", { method: t(`delivery.${order.method}`, { ns: "order" }) })} />
        <Link to={back} className={styles.primary}>
          {t("pickupNa.orderDetail")}
        </Link>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
