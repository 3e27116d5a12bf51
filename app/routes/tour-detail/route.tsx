/**
 * tourDetail (/tourDetail?id=, SPEC §2): a tour's poster, what it is, its dates grouped by city
 * with what a buyer can do about each (buy, wait for the sale, or nothing: cancelled), the 100%
 * entry guarantee, its past events, and the ticket-alert email sheet. The alert is a real form
 * posting to this route's action, so it works without JavaScript (the sheet is then reached by
 * its address, ?sheet=alert).
 */
import { PushOfferLater as PushOffer } from "~/components/push-offer-later";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { Poster, posterPreload } from "~/components/poster";
import { Price } from "~/components/price";
import { SheetTrigger, useSheet } from "~/components/sheet-trigger";
import { lowestOf, PastRow, SessionRow } from "./session-rows";
import { withWrittenTimes } from "~/i18n/session-time";
import { BellIcon, Guarantee, PinIcon } from "./tour-parts";
import styles from "./styles.module.css";
import { i18nServer } from "~/i18n/i18n.server";
import { redirectWithToast } from "~/server/toast.server";
import { subscribeTicketAlert } from "@market/alerts/ticket-alerts";
import { ticketAlertFormSchema } from "@market/alerts/ticket-alert-schema";
import { tourDetail, tourDetailQuerySchema } from "@market/catalog/tour-detail";
import { listedChanges } from "~/components/price-chart";
import { PriceChartPlaceholder } from "~/components/price-chart-placeholder";
import { laterPart } from "~/components/later-part";
import { Deferred } from "~/components/deferred";
import { deferUnlessDocumentNeedsAll } from "~/server/deferred.server";
import { tourPriceHistory } from "@market/demand/price-history";
import { tourEvents } from "@market/catalog/event-structured-data";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";
import { TitledSection } from "~/components/titled-section";

/** The price chart and the alert sheet comes alive after the page is interactive (decision 317). */
const PriceChart = laterPart(() => import("~/components/price-chart"));
const AlertSheet = laterPart(() => import("./alert-sheet"));

export const handle = { i18n: ["tour", "discover", "demand", "push"] };

// The poster's preload first: the sessions' structured data after it runs to ~12 KB of the head.
export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...(data ? [posterPreload(data.tour.posterUrl)] : []),
  ...pageMeta(rootSeo(matches), data ? { title: data.pageTitle, description: data.pageDescription, image: data.tour.shareImageUrl, structuredData: data.events } : {}),
];

/** The tour named by `?id=`; a malformed id is the same 'not found' as an unknown one. */
function tourIdOf(request: Request): number {
  const parsed = tourDetailQuerySchema.safeParse({ id: new URL(request.url).searchParams.get("id") ?? undefined });
  if (!parsed.success) throw notFoundResponse();
  return parsed.data.id;
}

/** What the first screen needs: the tour, its dates and lowest prices, and what search engines read. */
async function loadCriticalData(request: Request, context: Route.LoaderArgs["context"], tourId: number) {
  const ctx = context.market;
  const [tour, t] = await Promise.all([tourDetail(ctx, tourId).catch(notFoundPage), i18nServer.getFixedT(ctx.viewer.language, "tour")]);
  const { language } = ctx.viewer;
  return {
    // Every time the page shows is written here, so it hydrates without a date formatter.
    tour: {
      ...tour,
      upcoming: tour.upcoming.map((group) => ({ ...group, sessions: group.sessions.map((session) => withWrittenTimes(session, language)) })),
      past: tour.past.map((session) => withWrittenTimes(session, language)),
    },
    timeZone: ctx.viewer.timeZone,
    /** schema.org Events of its upcoming sessions, for search engines. */
    events: await tourEvents(ctx, tour, new URL(request.url).origin),
    pageTitle: t("metaTitle", { title: tour.title }),
    pageDescription: t("metaDescription", { title: tour.title }),
  };
}

/** What can follow the first screen: the price history under the dates. Never rejects. */
function loadDeferredData(context: Route.LoaderArgs["context"], tourId: number) {
  const ctx = context.market;
  return {
    // A tour without sessions has no history: the chart is left out, the page still shows.
    priceHistory: tourPriceHistory(ctx, tourId).then(
      (history) => ({ history, changes: listedChanges(history, ctx.viewer.timeZone, ctx.viewer.language) }),
      () => null,
    ),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const tourId = tourIdOf(request);
  const deferred = loadDeferredData(context, tourId);
  const [critical, streamed] = await Promise.all([loadCriticalData(request, context, tourId), deferUnlessDocumentNeedsAll(context, deferred)]);
  return data({ ...critical, ...streamed });
}

export async function action({ request, context }: Route.ActionArgs) {
  const tourId = tourIdOf(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "subscribe-alert": {
      const submission = parseWithZod(formData, { schema: ticketAlertFormSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const subscription = await subscribeTicketAlert(context.market, { tourId, email: submission.value.email }).catch(notFoundPage);
      // A new alert comes back with ?alert=set: the page then offers notifications as well as mail.
      return redirectWithToast(`/tourDetail?id=${tourId}${subscription.alreadySubscribed ? "" : "&alert=set"}`, {
        kind: "success",
        key: subscription.alreadySubscribed ? "tour:alert.alreadySubscribed" : "tour:alert.subscribed",
      });
    }
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function TourDetailPage() {
  const { tour, priceHistory, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("tour");
  const alert = useSheet("alert");
  const upcomingCount = tour.upcoming.reduce((sum, group) => sum + group.sessions.length, 0);
  const lowest = lowestOf(tour);
  const alertSet = useSearchParams()[0].get("alert") === "set";

  return (
    <div className={styles.page}>
      <PageHeader title={tour.title} fallback="/show-list" />
      <main>
        <section className={styles.hero}>
          <img className={styles.backdrop} src={tour.posterUrl} alt="" aria-hidden="true" />
          <div className={styles.heroPoster}>
            <Poster src={tour.posterUrl} alt={tour.title} eager />
          </div>
          <div className={styles.heroText}>
            <span className={styles.kicker}>{tour.category.name}</span>
            <h2 className={styles.title}>{tour.title}</h2>
            <p className={styles.artist}>{t("by", { artist: tour.artist })}</p>
            <p className={styles.facts}>
              {[
                upcomingCount > 0 ? t("dates.count", { count: upcomingCount }) : null,
                tour.upcoming.map((group) => group.city.name).join(" · ") || null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {lowest ? (
              <div className={styles.heroPrice}>
                <Price amount={lowest.allIn} faceValue={lowest.faceValue} comparedToFace={lowest.comparedToFace} from size="lg" />
              </div>
            ) : null}
          </div>
          <div className={styles.heroActions}>
            {upcomingCount > 0 ? (
              <a href="#dates" className={styles.primary}>
                {t("dates.title")}
              </a>
            ) : null}
            <SheetTrigger sheet={alert} className={upcomingCount > 0 ? styles.secondary : styles.primary}>
              <BellIcon />
              {t("alert.cta")}
            </SheetTrigger>
          </div>
        </section>
        {alertSet ? (
          <div className={styles.offer}>
            <PushOffer moment="alert" />
          </div>
        ) : null}

        <Guarantee />

        <section className={styles.section} id="dates" aria-labelledby="dates-title">
          <div className={styles.sectionHead}>
            <h2 id="dates-title" className={styles.sectionTitle}>
              {t("dates.title")}
            </h2>
            {upcomingCount > 0 ? <p className={styles.sectionNote}>{t("dates.timesLocal")}</p> : null}
          </div>
          {upcomingCount > 0 ? (
            <Deferred value={priceHistory} placeholder={<PriceChartPlaceholder />}>
              {(shown) => (shown ? <PriceChart history={shown.history} timeZone={timeZone} changes={shown.changes} /> : null)}
            </Deferred>
          ) : null}
          {tour.upcoming.length > 0 ? (
            tour.upcoming.map((group) => (
              <div key={group.city.code} className={styles.city}>
                <h3 className={styles.cityName}>
                  {group.city.name}
                  <span>{t("dates.count", { count: group.sessions.length })}</span>
                </h3>
                <ol className={styles.sessions}>
                  {group.sessions.map((session) => (
                    <li key={session.sessionId}>
                      <SessionRow session={session} />
                    </li>
                  ))}
                </ol>
              </div>
            ))
          ) : (
            <div className={styles.noUpcoming}>
              <BellIcon />
              <h3>{t("noUpcoming.title")}</h3>
              <p>{t("noUpcoming.body")}</p>
            </div>
          )}
        </section>

        <TitledSection id="about-title" title={t("about")} className={styles.section} titleClassName={styles.sectionTitle}>
          <p className={styles.description}>{tour.description}</p>
          {tour.tags.length > 0 ? (
            <ul className={styles.tags} aria-label={t("tags")}>
              {tour.tags.map((tag) => (
                <li key={tag.id}>#{tag.name}</li>
              ))}
            </ul>
          ) : null}
        </TitledSection>

        {tour.venues.length > 0 ? (
          <TitledSection id="venues-title" title={t("venues")} className={styles.section} titleClassName={styles.sectionTitle}>
            <ul className={styles.venues}>
              {tour.venues.map((venue) => (
                <li key={venue.id}>
                  <PinIcon />
                  <span>
                    <strong>{venue.name}</strong>
                    <span>{venue.address}</span>
                  </span>
                </li>
              ))}
            </ul>
          </TitledSection>
        ) : null}

        {tour.past.length > 0 ? (
          <TitledSection id="past-title" title={t("past.title")} className={styles.section} titleClassName={styles.sectionTitle}>
            <ol className={styles.past}>
              {tour.past.map((session) => (
                <li key={session.sessionId}>
                  <PastRow session={session} />
                </li>
              ))}
            </ol>
          </TitledSection>
        ) : null}
      </main>

      <AlertSheet sheet={alert} title={tour.title} lastResult={actionData?.result} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
