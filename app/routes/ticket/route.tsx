/**
 * One entry ticket (/tickets/{id}, login; decision 299): the night out, the seat, the name the
 * door checks where it checks names, and the gate code rotating every 15 seconds from the
 * holder secret (components/rotating-code.tsx). Opened once online, the page is kept on the
 * phone by the service worker and keeps rotating with no signal; it says when it last synced.
 *
 * 'Add to Google Wallet' where that wallet is (not on Apple's devices) and a wallet key is set;
 * 'Add to Apple Wallet' on Apple's devices where this deployment signs passes (a fixed code that
 * dies when the ticket moves: market/entry/apple-wallet.ts);
 * 'Send to a friend' while the ticket can move (not on sale, not used at the door). A ticket not
 * held by the viewer, or void, is not found.
 */
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { useKeptOffline } from "~/components/use-kept-offline";
import { RotatingCode } from "~/components/rotating-code";
import { TicketStub } from "~/components/ticket-stub";
import { deliveryHref } from "~/components/delivery-facts";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime, shortDateTime } from "~/i18n/session-time";
import { refusalText, requireUser } from "~/server/auth.server";
import { readForm } from "~/server/form.server";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { entryTicketForHolder, transferEntryTicket } from "@market/entry";
import { entryCodeAt } from "@market/entry/entry-code";
import { googleWalletLink } from "@market/entry/google-wallet";
import { appleWalletOffered } from "@market/entry/apple-wallet";
import { fromBase64url } from "@market/context/crypto";
import { CODES, MarketError } from "@market/errors";
import styles from "~/styles/delivery-screens.module.css";
import gate from "./ticket.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["delivery", "order", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

const TICKET_ID = /^[1-9][0-9]{0,15}$/;

function ticketIdOf(params: { id?: string }): number {
  if (!params.id || !TICKET_ID.test(params.id)) throw notFoundResponse();
  return Number(params.id);
}

/** Apple's phones and Safari on a Mac: Google Wallet is not there. */
function onAppleDevice(request: Request): boolean {
  const agent = request.headers.get("user-agent") ?? "";
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && /Safari\//.test(agent) && !/Chrome|Chromium|Edg\//.test(agent));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const ticket = await entryTicketForHolder(ctx, ticketIdOf(params)).catch(notFoundPage);
  const language = ctx.viewer.language;
  const apple = onAppleDevice(request);
  const [t, googleWallet, code] = await Promise.all([
    i18nServer.getFixedT(language, "delivery"),
    apple ? null : googleWalletLink(ctx, ticket),
    entryCodeAt(fromBase64url(ticket.secret!), ticket.syncedAt),
  ]);
  const when = sessionTime(ticket.startsAt, ticket.timeZone, language);
  return data(
    {
      pageTitle: `${t("gate.metaTitle")} · ${ticket.title}`,
      ticket: {
        id: ticket.id,
        orderId: ticket.ownOrder ? ticket.orderId : null,
        title: ticket.title,
        venue: ticket.venue,
        timeZone: ticket.timeZone,
        when: { iso: when.iso, date: when.date, time: when.time },
        section: ticket.section,
        rowLabel: ticket.rowLabel,
        seat: ticket.seat,
        holderName: ticket.holderName,
        named: ticket.named,
        secret: ticket.secret!,
        transferable: ticket.transferable,
        admittedAt: ticket.admittedAt !== null ? shortDateTime(ticket.admittedAt, ticket.timeZone, language) : null,
      },
      code: { value: code, at: ticket.syncedAt },
      syncedAt: shortDateTime(ticket.syncedAt, ticket.timeZone, language),
      googleWallet,
      appleWallet: apple && appleWalletOffered(ctx) ? `/tickets/${ticket.id}/apple-wallet.pkpass` : null,
    },
    { headers: { "cache-control": "no-store" } },
  );
}

const transferForm = z.object({
  email: z.pipe(z.string({ error: "gate.emailRequired" }).check(z.trim(), z.minLength(1, { error: "gate.emailRequired" })), z.email({ error: "gate.emailInvalid" })),
  name: z.optional(z.string().check(z.trim(), z.maxLength(60, { error: "gate.nameTooLong" }))),
});

type FieldErrors = Partial<Record<"email" | "name", string>>;

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const ticketId = ticketIdOf(params);
  const form = await readForm(request);
  if (form.get("intent") !== "transfer") throw new Response("Bad request", { status: 400 });
  const t = await i18nServer.getFixedT(ctx.viewer.language, "delivery");
  const values = { email: String(form.get("email") ?? ""), name: String(form.get("name") ?? "") };
  const parsed = transferForm.safeParse({ email: values.email, name: values.name || undefined });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= t(issue.message);
    return data({ values, errors, refusal: null }, { status: 400 });
  }
  try {
    await transferEntryTicket(ctx, ticketId, { email: parsed.data.email, name: parsed.data.name });
  } catch (error) {
    if (!(error instanceof MarketError)) throw error;
    if (error.status === 404) throw notFoundResponse();
    if (error.code === CODES.invalidParam && error.params.field === "name") return data({ values, errors: { name: t("gate.nameRequired") } as FieldErrors, refusal: null }, { status: 400 });
    return data({ values, errors: {} as FieldErrors, refusal: await refusalText(error, context) }, { status: 400 });
  }
  return redirectWithToast("/tickets", { kind: "success", key: "delivery:gate.transferredToast" });
}

/** A wallet's button: Google's save link opens in a new tab; Apple's .pkpass is handed to Wallet by Safari itself. */
function WalletLink({ href, label, testId, newTab = false }: { href: string; label: string; testId: string; newTab?: boolean }) {
  return (
    <a className={gate.wallet} href={href} data-testid={testId} {...(newTab ? { target: "_blank", rel: "noreferrer" } : {})}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M3 10h18" stroke="currentColor" strokeWidth="2" />
      </svg>
      {label}
    </a>
  );
}

export default function TicketPage() {
  const { ticket, code, syncedAt, googleWallet, appleWallet } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  useKeptOffline();
  const { t } = useTranslation(["delivery", "order"]);
  const event = { title: ticket.title, venueName: ticket.venue, when: ticket.when, section: ticket.section, rowLabel: ticket.rowLabel, quantity: 1 };
  return (
    <div className={styles.page}>
      <PageHeader title={t("gate.title")} fallback="/tickets" />
      <main className={styles.main}>
        <TicketStub event={event} kicker={t("gate.kicker")}>
          <div className={gate.body}>
            <p className={gate.seat} data-testid="gate-seat">
              {ticket.seat ? t("gate.seat", { seat: ticket.seat }) : t("gate.generalAdmission")}
            </p>
            {ticket.holderName ? (
              <p className={gate.holder}>
                <span>{t("gate.holder")}</span> <strong data-testid="gate-holder">{ticket.holderName}</strong>
              </p>
            ) : null}
            {ticket.admittedAt ? <p className={gate.admitted}>{t("gate.admitted", { at: ticket.admittedAt })}</p> : null}
            <RotatingCode ticketId={ticket.id} secret={ticket.secret} initialCode={code.value} initialAt={code.at} timeZone={ticket.timeZone} />
            <p className={gate.hint}>{t("gate.showAtDoor")}</p>
            <p className={gate.synced} data-testid="gate-synced">
              {t("gate.syncedAt", { at: syncedAt })} · {t("gate.offlineReady")}
            </p>
          </div>
        </TicketStub>

        {googleWallet ? (
          <WalletLink href={googleWallet} label={t("gate.googleWallet")} testId="google-wallet" newTab />
        ) : null}

        {appleWallet ? (
          <div className={gate.walletBlock}>
            <WalletLink href={appleWallet} label={t("gate.appleWallet")} testId="apple-wallet" />
            <p className={gate.walletNote}>{t("gate.appleWalletNote")}</p>
          </div>
        ) : null}

        {ticket.transferable ? (
          <details className={styles.card} open={reply ? true : undefined}>
            <summary className={gate.summary}>{t("gate.transferTitle")}</summary>
            <p className={styles.muted}>{t("gate.transferBody")}</p>
            <Form method="post" className={gate.form} noValidate>
              <input type="hidden" name="intent" value="transfer" />
              <label className={gate.field}>
                <span>{t("gate.transferEmail")}</span>
                <input
                  className={gate.input}
                  name="email"
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  required
                  defaultValue={reply?.values.email}
                  aria-invalid={reply?.errors.email ? true : undefined}
                  aria-describedby={reply?.errors.email ? "transfer-email-error" : undefined}
                />
                {reply?.errors.email ? (
                  <span id="transfer-email-error" className={styles.error} role="alert">
                    {reply.errors.email}
                  </span>
                ) : null}
              </label>
              <label className={gate.field}>
                <span>{ticket.named ? t("gate.transferName") : t("gate.transferNameOptional")}</span>
                <input
                  className={gate.input}
                  name="name"
                  autoComplete="off"
                  maxLength={60}
                  required={ticket.named}
                  defaultValue={reply?.values.name}
                  aria-invalid={reply?.errors.name ? true : undefined}
                  aria-describedby={reply?.errors.name ? "transfer-name-error" : ticket.named ? "transfer-name-hint" : undefined}
                />
                {ticket.named ? (
                  <span id="transfer-name-hint" className={styles.muted}>
                    {t("gate.transferNameHint")}
                  </span>
                ) : null}
                {reply?.errors.name ? (
                  <span id="transfer-name-error" className={styles.error} role="alert">
                    {reply.errors.name}
                  </span>
                ) : null}
              </label>
              {reply?.refusal ? (
                <p className={styles.error} role="alert" data-testid="transfer-refusal">
                  {reply.refusal}
                </p>
              ) : null}
              <button type="submit" className={styles.primary} disabled={busy}>
                {t("gate.transferSubmit")}
              </button>
            </Form>
          </details>
        ) : null}

        {ticket.orderId !== null ? (
          <Link to={deliveryHref.orderDetail(ticket.orderId)} className={styles.secondary}>
            {t("gate.openOrder")}
          </Link>
        ) : null}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
