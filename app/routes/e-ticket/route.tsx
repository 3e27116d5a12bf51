/**
 * The e-ticket voucher (/e-ticket?id={orderId}, login; SPEC §4 'the e-ticket voucher is shown
 * after the verification code is entered', §5, §9). A delivered E_TICKET order first shows a
 * scratch card: scratching it (a post) shows a 4-digit code, valid 30 minutes, which the buyer
 * types in. A wrong code is refused with SPEC's 'Verification code error. Please enter the
 * verification code: {code}'; a lapsed one is replaced by a new one. Then the voucher shows: the
 * night out, the e-ticket files, 'check the e-ticket within {minutes} minutes before the event'
 * and the way to /pdf-download.
 *
 * Before the e-tickets arrive the page says so and by when the provider owes them; an order of
 * another method, an unpaid order and a stopped delivery each say what they are. Another
 * account's order is not found.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { OrderChatLine } from "~/components/chat-bits";
import { deliveryHref } from "~/components/delivery-facts";
import { ScratchCard, Voucher } from "./e-ticket-voucher";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { Notice, TicketStub } from "~/components/ticket-stub";
import { useKeepCurrent } from "~/components/use-keep-current";
import { i18nServer } from "~/i18n/i18n.server";
import { shortDateTime } from "~/i18n/session-time";
import { refusalText, requireUser } from "~/server/auth.server";
import { orderChatLine } from "~/server/chat.server";
import { loadBuyerDelivery, orderIdParam, ticketSummary } from "~/server/delivery.server";
import { revealVoucher, startVoucher, voucherCodeSchema, type ScratchVoucher } from "@market/delivery";
import { heldEntryTickets } from "@market/entry";
import { CODES, MarketError } from "@market/errors";
import styles from "~/styles/delivery-screens.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["delivery", "order", "errors", "chat"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** How often the page looks again while the e-tickets are still to come. */
const KEEP_CURRENT_MS = 30_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdParam(request);
  const [found, t] = await Promise.all([loadBuyerDelivery(context, orderId), i18nServer.getFixedT(ctx.viewer.language, "delivery")]);
  if (!found) throw notFoundResponse();
  const { order, delivery } = found;
  const event = ticketSummary(order, context);
  const at = (ms: number) => shortDateTime(ms, order.event.timeZone, ctx.viewer.language);
  const base = { pageTitle: t("voucher.metaTitle"), orderId: order.id, event, chat: orderChatLine(ctx, order) };
  const headers = { "cache-control": "no-store" };

  if (order.deliveryMethod !== "E_TICKET") return data({ ...base, view: { kind: "notETicket" as const } }, { headers });
  // Ovation entry codes are the tickets themselves: they live on the tickets screen, not in files.
  if ((await heldEntryTickets(ctx, { orderId: order.id })).length > 0) throw redirect(`/tickets?order=${order.id}`);
  if (!delivery) return data({ ...base, view: { kind: "unpaid" as const } }, { headers });
  if (delivery.state === "voided") return data({ ...base, view: { kind: "stopped" as const } }, { headers });
  const eTicket = delivery.eTicket;
  if (delivery.state !== "delivered" || !eTicket) {
    return data({ ...base, view: { kind: "waiting" as const, due: delivery.dueAt !== null ? at(delivery.dueAt) : null } }, { headers });
  }
  if (!eTicket.revealed) return data({ ...base, view: { kind: "scratch" as const } }, { headers });
  return data({ ...base, view: { kind: "voucher" as const, files: eTicket.files, checkWithinMinutes: eTicket.checkWithinMinutes } }, { headers });
}

/** The code under the foil, written for the page. */
async function shown(voucherCode: ScratchVoucher, context: Route.ActionArgs["context"], orderId: number) {
  const found = await loadBuyerDelivery(context, orderId);
  const timeZone = found?.order.event.timeZone ?? "Asia/Hong_Kong";
  return { code: voucherCode.code, validUntil: shortDateTime(voucherCode.expiresAt, timeZone, context.market.viewer.language) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const orderId = orderIdParam(request);
  if (orderId === null) throw notFoundResponse();
  const ctx = context.market;
  const formData = await readForm(request);
  const here = `/e-ticket?id=${orderId}`;

  try {
    switch (formData.get("intent")) {
      case "scratch": {
        const scratched = await startVoucher(ctx, orderId);
        return data({ voucher: await shown(scratched, context, orderId), result: null, refusal: null });
      }
      case "reveal": {
        const submission = parseWithZod(formData, { schema: voucherCodeSchema });
        const code = formData.get("shownCode");
        const kept = typeof code === "string" && /^\d{4}$/.test(code) ? { code, validUntil: String(formData.get("validUntil") ?? "") } : null;
        if (submission.status !== "success") return data({ voucher: kept, result: submission.reply(), refusal: null }, { status: 400 });
        await revealVoucher(ctx, orderId, submission.value.code);
        return redirect(here);
      }
      default:
        throw new Response("Bad request", { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof MarketError)) throw error;
    if (error.status === 404) throw notFoundResponse();
    // A wrong code keeps the live one in front of the buyer; a lapsed one brings a new one.
    const live = error.code === CODES.voucherCodeError || error.code === CODES.voucherCodeExpired ? (error.data as ScratchVoucher | null) : null;
    return data({ voucher: live ? await shown(live, context, orderId) : null, result: null, refusal: await refusalText(error, context) }, { status: 400 });
  }
}

export default function ETicketPage() {
  const { view, event, orderId, chat } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["delivery", "order", "errors"]);
  const kicker = t(`delivery.${event.method}`, { ns: "order" });
  // The e-tickets may arrive while the buyer waits on this page.
  useKeepCurrent(orderId, view.kind === "waiting", KEEP_CURRENT_MS);

  const notice =
    view.kind === "notETicket"
      ? { title: t("voucher.notETicketTitle"), body: t("voucher.notETicketBody", { method: t(`delivery.${event.method}`, { ns: "order" }) }) }
      : view.kind === "unpaid"
        ? { title: t("voucher.unpaidTitle"), body: t("voucher.unpaidBody") }
        : view.kind === "stopped"
          ? { title: t("state.voided"), body: t("next.voided") }
          : view.kind === "waiting"
            ? { title: t("voucher.waitingTitle"), body: [t("next.awaiting_upload"), view.due ? t("panel.deadlineAt", { at: view.due }) : ""].filter(Boolean).join(" ") }
            : null;

  return (
    <div className={styles.page}>
      <PageHeader title={t("voucher.title")} fallback={deliveryHref.orderDetail(orderId)} />
      <main className={styles.main}>
        <TicketStub event={event} kicker={kicker}>
          {notice ? (
            <Notice tone="waiting" mark={view.kind === "notETicket" ? "i" : undefined} testId="voucher-notice" title={notice.title} body={notice.body} />
          ) : view.kind === "scratch" ? (
            <ScratchCard />
          ) : view.kind === "voucher" ? (
            <Voucher files={view.files} />
          ) : null}
        </TicketStub>

        {view.kind === "voucher" ? (
          <>
            <p className={styles.note} data-testid="check-within">
              {t("fact.checkWithin", { minutes: view.checkWithinMinutes })}
            </p>
            <Link to={deliveryHref.pdfDownload(orderId)} className={styles.primary}>
              {t("action.download")}
            </Link>
          </>
        ) : null}
        {chat ? <OrderChatLine chat={chat} /> : null}
        <Link to={deliveryHref.orderDetail(orderId)} className={styles.secondary}>
          {t("pickup.orderDetail")}
        </Link>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
