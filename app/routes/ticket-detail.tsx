/**
 * ticketDetail (/ticket-detail?id=&channelId=&source=1&target=1&pageSource=purchase, SPEC §2's
 * third payment return URL): for now a short summary of a purchased order's tickets. Only the
 * account that placed the order sees it; any other order id is not found.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { GeneralErrorBoundary } from "~/components/error-view";
import { SessionFact, useSeatsLine } from "~/components/order-facts";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { requireUser } from "~/server/auth.server";
import { getOrder } from "@market/orders";
import styles from "~/styles/order-result.module.css";
import type { Route } from "./+types/ticket-detail";
import { recordId } from "../../functions/market/input/fields";
import { isMissing, notFoundResponse } from "~/server/refusal.server";
import { Fact } from "~/components/fact";

export const handle = { i18n: ["order"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

const idSchema = recordId();

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const parsed = idSchema.safeParse(new URL(request.url).searchParams.get("id") ?? undefined);
  if (!parsed.success) throw notFoundResponse();
  const [order, t] = await Promise.all([
    getOrder(ctx, parsed.data).catch((error: unknown) => {
      if (isMissing(error)) throw notFoundResponse();
      throw error;
    }),
    i18nServer.getFixedT(ctx.viewer.language, "order"),
  ]);
  const when = sessionTime(order.event.startsAt, order.event.timeZone, ctx.viewer.language);
  return data(
    {
      pageTitle: t("ticket.metaTitle"),
      ticket: {
        orderNo: order.orderNo,
        status: order.status,
        title: order.event.title,
        venueName: order.event.venueName,
        when: { iso: when.iso, date: when.date, time: when.time },
        section: order.tickets.section,
        rowLabel: order.tickets.rowLabel,
        quantity: order.quantity,
        deliveryMethod: order.deliveryMethod,
        contact: `${order.contact.email} · +${order.contact.phoneCode} ${order.contact.phone}`,
      },
    },
    { headers: { "cache-control": "no-store" } },
  );
}

const STATUS_KEYS = { paid: "ticket.statusPaid", pending_payment: "ticket.statusPending", canceled: "ticket.statusCanceled" } as const;

export default function TicketDetailPage() {
  const { ticket } = useLoaderData<typeof loader>();
  const { t } = useTranslation("order");
  const seatsLine = useSeatsLine();
  const seats = seatsLine(ticket);
  return (
    <div className={styles.page}>
      <PageHeader title={t("ticket.title")} fallback="/" />
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="ticket-title">
          <h2 id="ticket-title" className={styles.cardTitle} data-testid="ticket-title">
            {ticket.title}
          </h2>
          <dl className={styles.summary}>
            <Fact label={t("success.orderNo")}>{ticket.orderNo}</Fact>
            <Fact label={t("ticket.status")} testId="ticket-status">{t(STATUS_KEYS[ticket.status])}</Fact>
            <SessionFact when={ticket.when} venueName={ticket.venueName} mutedClassName={styles.muted} />
            <Fact label={t("success.seats")}>{seats}</Fact>
            <Fact label={t("ticket.quantity")}>{t("confirm.tickets", { count: ticket.quantity })}</Fact>
            <Fact label={t("ticket.delivery")}>{t(`delivery.${ticket.deliveryMethod}`)}</Fact>
            <Fact label={t("ticket.contact")}>{ticket.contact}</Fact>
          </dl>
        </section>
        <nav className={styles.links}>
          <Link to="/" className={styles.secondary}>
            {t("success.home")}
          </Link>
        </nav>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
