/**
 * pickSeat (/pick-seat?sessionId=…, SPEC §2): choose a date of the show, how many tickets, then
 * a listing, on the seating map or in the list. Everything the buyer chooses lives in the
 * address (quantity, sort, section, price range, delivery, zone, seats together, and on the map
 * `zoom=1` for the section's seats and `listing=` for the group of seats tapped), so every
 * choice is a plain link or a GET form and the page works without JavaScript. A session that is
 * not on sale shows SPEC's 'This session cannot be ordered temporarily!' instead of tickets.
 * Under the price chart, an alert for this date (an email and a price) is a real form post.
 * The view is built by route.server.ts beside it; the open session's list and map are
 * pick-seat-offer.tsx.
 */
import { PushOfferLater as PushOffer } from "~/components/push-offer-later";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { OpenSession, useHrefWith } from "./pick-seat-offer";
import { listedChanges } from "~/components/price-chart";
import { PriceChartPlaceholder } from "~/components/price-chart-placeholder";
import { laterPart } from "~/components/later-part";
import { Deferred } from "~/components/deferred";
import { deferUnlessDocumentNeedsAll } from "~/server/deferred.server";
import { priceHistory } from "@market/demand/price-history";
import { i18nServer } from "~/i18n/i18n.server";
import { writtenSessionTime } from "~/i18n/session-time";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import { readForm } from "~/server/form.server";
import { pickSeatView, queryOf } from "./route.server";
import { notFoundPage } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { sessionAlertFormSchema } from "@market/alerts/ticket-alert-schema";
import { subscribeTicketAlert } from "@market/alerts/ticket-alerts";
import { loadReference } from "@market/reference";
import { displayCurrency, sessionSummary } from "@market/listings/session-offer";
import styles from "~/styles/seat-picking.module.css";
import type { Route } from "./+types/route";

/** The price chart and the alert form come alive after the page is interactive (decision 317). */
const PriceChart = laterPart(() => import("~/components/price-chart"));
const SessionAlert = laterPart(() => import("./session-alert"));

export const handle = { i18n: ["buy", "discover", "tour", "demand", "selling", "push"] };

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(rootSeo(matches), data ? { title: data.pageTitle, description: data.pageDescription, image: data.shareImage, structuredData: data.events } : {});

/** What the first screen needs: the session, its dates, listings and map (route.server.ts), and the alert's currency. */
async function loadCriticalData(request: Request, context: Route.LoaderArgs["context"]) {
  const [view, reference] = await Promise.all([pickSeatView(request, context), loadReference(context.market)]);
  const { language } = context.market.viewer;
  const { session } = view;
  return {
    ...view,
    // Written here, so the page hydrates without a date formatter; the dates are the session's zone's.
    when: writtenSessionTime(session.startsAt, session.timeZone, language),
    otherSessions: view.otherSessions.map((other) => ({ ...other, when: writtenSessionTime(other.startsAt, session.timeZone, language) })),
    // The alert's price is in whole units of the viewer's currency (alerts/ticket-alerts.ts).
    alertCurrency: displayCurrency(reference.currencyByCode, context.market.viewer.currency).code,
  };
}

/**
 * What can follow: the session's price history, read beside the critical half, with its changes
 * written in the venue's zone (`timeZone`, from the critical half's session). Never rejects.
 */
function loadDeferredData(request: Request, context: Route.LoaderArgs["context"], timeZone: Promise<string>) {
  const ctx = context.market;
  const { sessionId } = queryOf(request);
  return {
    priceHistory: Promise.all([priceHistory(ctx, [sessionId]), timeZone]).then(
      ([history, zone]) => ({ history, changes: listedChanges(history, zone, ctx.viewer.language) }),
      () => null,
    ),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const critical = loadCriticalData(request, context);
  const deferred = loadDeferredData(request, context, critical.then((loaded) => loaded.session.timeZone));
  const [loaded, streamed] = await Promise.all([critical, deferUnlessDocumentNeedsAll(context, deferred)]);
  return data({ ...loaded, ...streamed });
}

/** The session alert: an email and an optional price; refused fields answer 400 with their errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessionId } = queryOf(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "session-alert") throw new Response("Bad request", { status: 400 });
  const submission = parseWithZod(formData, { schema: sessionAlertFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const session = await sessionSummary(context.market, sessionId).catch(notFoundPage);
  const subscription = await subscribeTicketAlert(context.market, { tourId: session.tour.id, sessionId, ...submission.value });
  // A new alert comes back with ?alert=set: the page then offers notifications as well as mail.
  return redirectWithToast(`/pick-seat?sessionId=${sessionId}${subscription.alreadySubscribed ? "" : "&alert=set"}`, {
    kind: "success",
    key: subscription.alreadySubscribed ? "demand:alert.alreadySubscribed" : "demand:alert.subscribed",
  });
}

export default function PickSeatPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { session, otherSessions, query, choices, when } = loaded;
  const { t } = useTranslation("buy");
  const hrefWith = useHrefWith();
  const alertSet = useSearchParams()[0].get("alert") === "set";

  return (
    <div className={styles.page}>
      <PageHeader title={t("pickSeat.title")} fallback={`/tourDetail?id=${session.tour.id}`} />
      <main className={styles.main}>
        {alertSet ? <PushOffer moment="alert" /> : null}
        <header className={styles.intro}>
          <h2 className={styles.tourTitle}>{session.tour.title}</h2>
          <p className={styles.when}>
            <time dateTime={when.iso}>
              {when.date} · {when.time}
            </time>
          </p>
          <p className={styles.where}>
            {session.venue.name} · {session.city.name}
          </p>
          {loaded.ticketLimit !== null ? (
            <p className={styles.where} data-testid="purchase-limit">
              {t("pickSeat.purchaseLimit", { count: loaded.ticketLimit })}
            </p>
          ) : null}
        </header>

        {otherSessions.length > 1 ? (
          <nav className={styles.block} aria-label={t("pickSeat.dates")}>
            <h3 className={styles.blockTitle}>{t("pickSeat.dates")}</h3>
            <ul className={styles.chips}>
              {otherSessions.map((other) => {
                const at = other.when;
                return (
                  <li key={other.sessionId}>
                    <Link
                      to={`/pick-seat?sessionId=${other.sessionId}${query.quantity ? `&quantity=${query.quantity}` : ""}`}
                      className={styles.chip}
                      aria-current={other.sessionId === session.sessionId ? "page" : undefined}
                      data-muted={other.status !== "ONSALE" || undefined}
                    >
                      <strong>{at.dayLabel}</strong>
                      <span>{at.time}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}

        <section className={styles.block} aria-label={t("pickSeat.priceHistory")}>
          <Deferred value={loaded.priceHistory} placeholder={<PriceChartPlaceholder />}>
            {(shown) => (shown ? <PriceChart history={shown.history} timeZone={session.timeZone} changes={shown.changes} /> : null)}
          </Deferred>
        </section>

        <SessionAlert currency={loaded.alertCurrency} lastResult={actionData?.result} />

        {loaded.state === "unavailable" ? (
          <section className={styles.state} role="status">
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stateIcon}>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7.5v5M12 16h.01" />
            </svg>
            <h3>{t("pickSeat.unavailable.title")}</h3>
            <p>{t("pickSeat.unavailable.body")}</p>
            <Link to={`/tourDetail?id=${session.tour.id}`} className={styles.primary}>
              {t("pickSeat.unavailable.back")}
            </Link>
          </section>
        ) : (
          <OpenSession offer={loaded.offer} map={loaded.map} query={query} choices={choices} hrefWith={hrefWith} />
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
