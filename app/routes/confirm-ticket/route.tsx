/**
 * confirmTicket (/confirm-ticket?listingId=&quantity=, SPEC §2): the tickets a buyer picked,
 * priced all-in first and then part by part (ticket price, service fee, VAT, shipping for
 * EXPRESS, additional fees, payment gateway fee) in the viewer's currency, with the trade
 * currency and its exchange rate and the face value beside. For 4 tickets or more it says
 * consecutive seating is not guaranteed (SPEC §9). Continue leads to /confirm-order, which asks
 * the buyer to sign in. A listing sold meanwhile, or a session that stopped selling, is said in
 * SPEC's words with a way back. When the link names the price the buyer read on pick-seat
 * (`price`, `currency`) and the listing's is another now, that is said first, with the new price
 * to accept (functions/market/listings/seen-price.ts).
 */
import { data, Form, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { GuaranteeCard } from "~/components/guarantee-card";
import { PageHeader } from "~/components/page-header";
import { ResaleNoticeView } from "~/components/resale-notice";
import { useFormatMoney } from "~/components/price";
import { useSeatsText } from "~/components/seats-text";
import { i18nServer } from "~/i18n/i18n.server";
import { writtenSessionTime, type SessionTime } from "~/i18n/session-time";
import { MarketError } from "@market/errors";
import { formatMoney } from "@market/money/format";
import { listingDetail, listingDetailQuerySchema, type ListingDetail } from "@market/listings/listing-detail";
import { recordListingView } from "@market/listings/listing-views";
import { priceChangedSince, seenPriceOf, seenPriceSchema } from "@market/listings/seen-price";
import type { Money } from "@market/money";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { StudentsOnlyNote } from "~/components/students-mark";
import { notFoundResponse } from "~/server/refusal.server";
import { Fact } from "~/components/fact";

export const handle = { i18n: ["buy", "discover", "errors", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

type Refusal =
  | { kind: "gone"; sessionId: number | null }
  | { kind: "unavailable"; sessionId: number | null }
  | { kind: "quantity"; sessionId: number | null; allowed: number[] }
  | { kind: "priceChanged"; sessionId: number | null; quantity: number; was: Money; now: Money };

/** A refusal the page explains, or null for any other error (which the error view answers). */
function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof MarketError)) return null;
  const detail = (error.data ?? {}) as { sessionId?: number; allowed?: number[] };
  const sessionId = detail.sessionId ?? null;
  if (error.code === 610011) return { kind: "gone", sessionId };
  if (error.code === 610001) return { kind: "unavailable", sessionId };
  if (error.code === 610014) return { kind: "quantity", sessionId, allowed: detail.allowed ?? [] };
  if (error.status === 404) throw notFoundResponse();
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const params = new URL(request.url).searchParams;
  const query = listingDetailQuerySchema.safeParse({ listingId: params.get("listingId") || undefined, quantity: params.get("quantity") || undefined });
  const seenQuery = seenPriceSchema.safeParse({ price: params.get("price") ?? undefined, currency: params.get("currency") ?? undefined });
  if (!query.success || !seenQuery.success) throw notFoundResponse();
  const t = await i18nServer.getFixedT(ctx.viewer.language, "buy");
  try {
    const detail = await listingDetail(ctx, query.data);
    context.cloudflare.ctx.waitUntil(recordListingView(ctx, query.data.listingId));
    const seen = seenPriceOf(seenQuery.data);
    if (seen && priceChangedSince(seen, detail.allInPerTicket)) {
      const refusal: Refusal = { kind: "priceChanged", sessionId: detail.session.sessionId, quantity: detail.quantity, was: seen, now: detail.allInPerTicket };
      return data({ detail: null, refusal, listingId: query.data.listingId, pageTitle: t("confirm.title") }, { status: 409 });
    }
    // Written here, so the page hydrates without a date formatter.
    const when = writtenSessionTime(detail.session.startsAt, detail.session.timeZone, ctx.viewer.language);
    return data({ detail: { ...detail, when }, refusal: null, listingId: query.data.listingId, pageTitle: t("confirm.metaTitle", { title: detail.session.tour.title }) });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ detail: null, refusal, listingId: query.data.listingId, pageTitle: t("confirm.title") }, { status: refusal.kind === "quantity" ? 400 : 409 });
  }
}

export default function ConfirmTicketPage() {
  const { detail, refusal, listingId } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["buy", "selling"]);
  const format = useFormatMoney();
  const back = refusal?.sessionId ? `/pick-seat?sessionId=${refusal.sessionId}` : "/";
  return (
    <div className={styles.page}>
      <PageHeader title={t("confirm.title")} fallback={detail ? `/pick-seat?sessionId=${detail.session.sessionId}&quantity=${detail.quantity}` : back} />
      <main className={styles.main}>
        {detail ? (
          <Confirmation detail={detail} />
        ) : refusal ? (
          <section className={styles.state} role="alert">
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stateIcon}>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7.5v5M12 16h.01" />
            </svg>
            {refusal.kind === "gone" ? (
              <>
                <h2>{t("confirm.gone.title")}</h2>
                <p>{t("confirm.gone.body")}</p>
                <Link to={back} className={styles.primary}>
                  {t("confirm.gone.back")}
                </Link>
              </>
            ) : refusal.kind === "priceChanged" ? (
              <>
                <h2>{t("confirm.priceChanged.title")}</h2>
                <p data-testid="price-changed">{t("confirm.priceChanged.body", { was: format(refusal.was), now: format(refusal.now) })}</p>
                <div className={styles.choices}>
                  <Link
                    to={`/confirm-ticket?listingId=${listingId}&quantity=${refusal.quantity}&price=${refusal.now.amount}&currency=${refusal.now.currency}`}
                    className={styles.primary}
                  >
                    {t("confirm.priceChanged.accept", { now: format(refusal.now) })}
                  </Link>
                  <Link to={back} className={styles.secondary}>
                    {t("confirm.priceChanged.back")}
                  </Link>
                </div>
              </>
            ) : refusal.kind === "unavailable" ? (
              <>
                <h2>{t("pickSeat.unavailable.title")}</h2>
                <p>{t("pickSeat.unavailable.body")}</p>
                <Link to={back} className={styles.primary}>
                  {t("confirm.change")}
                </Link>
              </>
            ) : (
              <>
                <h2>{t("confirm.quantityNotAllowed.title")}</h2>
                <p>{t("confirm.quantityNotAllowed.body", { allowed: refusal.allowed.join(", ") })}</p>
                <div className={styles.choices}>
                  {refusal.allowed.slice(0, 6).map((count) => (
                    <Link key={count} to={`/confirm-ticket?listingId=${listingId}&quantity=${count}`} className={styles.secondary}>
                      {t("confirm.quantityNotAllowed.choose", { count })}
                    </Link>
                  ))}
                </div>
              </>
            )}
          </section>
        ) : null}
      </main>
    </div>
  );
}

function Confirmation({ detail }: { detail: ListingDetail & { when: SessionTime } }) {
  const { t, i18n } = useTranslation(["buy", "selling"]);
  const format = useFormatMoney();
  const seatsText = useSeatsText();
  const { session, listing, display, trade, when } = detail;
  const language = i18n.language === "zh-HK" ? "zh-HK" : "en-US";
  const shown = (amount: number) => format({ amount, currency: display.currency });
  const rows: [string, number][] = [
    [t("confirm.ticketPrice"), display.ticketPrice],
    [t("confirm.serviceFee"), display.serviceFee],
    [t("confirm.vat"), display.vat],
    ...(listing.deliveryMethod === "EXPRESS" ? ([[t("confirm.shippingFee"), display.shippingFee]] as [string, number][]) : []),
    [t("confirm.additionalFees"), display.additionalFees],
    [t("confirm.paymentGatewayFee"), display.paymentGatewayFee],
  ];
  return (
    <>
      <section className={styles.card} aria-labelledby="tickets-title">
        <p className={styles.kicker}>{session.tour.title}</p>
        <p className={styles.when}>
          <time dateTime={when.iso}>
            {when.date} · {when.time}
          </time>
          <span>
            {session.venue.name} · {session.city.name}
          </span>
        </p>
        <h2 id="tickets-title" className={styles.section}>
          {t("listing.section", { section: listing.section.name })}
        </h2>
        <p className={styles.seats}>{seatsText(listing)}</p>
        <dl className={styles.facts}>
          <Fact label={t("confirm.yourTickets")}>{t("confirm.quantity", { count: detail.quantity })}</Fact>
          {detail.seats ? <Fact label={t("selling:seats.label")} testId="confirm-seats">{detail.seats.join(", ")}</Fact> : null}
          <Fact label={t("confirm.deliveryTitle")} testId="confirm-delivery">
            {listing.entryCodes ? t("confirm.entryCodes") : t(`delivery.${listing.deliveryMethod}`)}
          </Fact>
          <Fact label={t("confirm.provider")}>{listing.provider.nickname}</Fact>
        </dl>
        {listing.section.obstructed ? <p className={styles.warning}>{t("listing.obstructed")}</p> : null}
        <ResaleNoticeView notice={detail.notice} className={styles.notice} />
        {listing.studentsOnly ? <StudentsOnlyNote /> : null}
        {detail.consecutiveNotGuaranteed ? (
          <div className={styles.notice} role="note">
            <strong>{t("confirm.consecutive")}</strong>
            <span>{t("confirm.consecutiveBody")}</span>
          </div>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby="price-title">
        <div className={styles.totalRow}>
          <h2 id="price-title">{t("confirm.total")}</h2>
          <strong className={styles.total}>{shown(display.total)}</strong>
        </div>
        <p className={styles.perTicket}>
          {t("confirm.perTicket", { price: format(detail.allInPerTicket) })}
          <span className={styles.face}>{t("confirm.faceValue", { price: format(detail.faceValuePerTicket) })}</span>
        </p>
        <h3 className={styles.breakdownTitle}>{t("confirm.breakdown")}</h3>
        <dl className={styles.breakdown}>
          {rows.map(([label, amount]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{shown(amount)}</dd>
            </div>
          ))}
        </dl>
        {trade.currency !== display.currency ? (
          <p className={styles.rate}>
            {t("confirm.tradeCurrency", { trade: trade.currency, amount: formatMoney(trade.total, { code: trade.currency, symbol: trade.symbol, minorUnits: trade.minorUnits }, language) })}
            <br />
            {t("confirm.exchangeRate", { trade: trade.currency, rate: detail.exchangeRate, display: display.currency })}
          </p>
        ) : null}
      </section>

      <GuaranteeCard className={styles.guarantee} title={t("confirm.guaranteeTitle")} body={t("confirm.guaranteeBody")} more={t("confirm.guaranteeMore")} />

      <Form method="get" action="/confirm-order" className={styles.bar}>
        <input type="hidden" name="listingId" value={listing.listingId} />
        <input type="hidden" name="quantity" value={detail.quantity} />
        <span className={styles.barTotal}>
          <small>{t("confirm.total")}</small>
          <strong>{shown(display.total)}</strong>
        </span>
        <button type="submit" className={styles.primary}>
          {t("confirm.continue")}
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
