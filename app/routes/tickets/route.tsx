/**
 * The viewer's entry tickets (/tickets, login; /tickets?order={id} for one order's): each ticket
 * with Ovation entry codes they hold, soonest show first, a tap from its gate code. Kept on the
 * phone by the service worker with the tickets themselves, so the list opens at the door too.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { TicketArt } from "~/components/state-screen";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { requireUser } from "~/server/auth.server";
import { heldEntryTickets } from "@market/entry";
import styles from "~/styles/delivery-screens.module.css";
import list from "./tickets.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["delivery", "order"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const order = new URL(request.url).searchParams.get("order");
  const orderId = order && /^[1-9][0-9]{0,15}$/.test(order) ? Number(order) : undefined;
  const [tickets, t] = await Promise.all([heldEntryTickets(ctx, { orderId }), i18nServer.getFixedT(ctx.viewer.language, "delivery")]);
  return data(
    {
      pageTitle: t("gate.listMetaTitle"),
      tickets: tickets.map((ticket) => {
        const when = sessionTime(ticket.startsAt, ticket.timeZone, ctx.viewer.language);
        return { id: ticket.id, title: ticket.title, venue: ticket.venue, when: { iso: when.iso, date: when.date, time: when.time }, section: ticket.section, rowLabel: ticket.rowLabel, seat: ticket.seat };
      }),
    },
    { headers: { "cache-control": "no-store" } },
  );
}

export default function TicketsPage() {
  const { tickets } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["delivery", "order"]);
  return (
    <div className={styles.page}>
      <PageHeader title={t("gate.listTitle")} fallback="/mine" />
      <main className={styles.main}>
        {tickets.length === 0 ? (
          <section className={list.empty} data-testid="tickets-empty">
            <TicketArt className={list.art} />
            <h2 className={list.emptyTitle}>{t("gate.empty")}</h2>
            <p className={styles.muted}>{t("gate.emptyBody")}</p>
            <Link className={styles.primary} to="/show-list">
              {t("gate.browse")}
            </Link>
          </section>
        ) : (
          <ul className={list.list}>
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link className={list.card} to={`/tickets/${ticket.id}`} data-testid="entry-ticket">
                  <span className={list.kicker}>{t("gate.kicker")}</span>
                  <strong className={list.title}>{ticket.title}</strong>
                  <time className={list.line} dateTime={ticket.when.iso}>
                    {ticket.when.date} · {ticket.when.time}
                  </time>
                  <span className={list.line}>{ticket.venue}</span>
                  <span className={list.seat}>
                    {ticket.rowLabel ? t("confirm.seatsRow", { ns: "order", section: ticket.section, row: ticket.rowLabel }) : ticket.section} ·{" "}
                    {ticket.seat ? t("gate.seat", { seat: ticket.seat }) : t("gate.generalAdmission")}
                  </span>
                  <span className={list.open} aria-hidden="true">
                    {t("gate.open")} ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
