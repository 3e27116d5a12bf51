/**
 * tourDetail (/tourDetail?id=, SPEC §2): a tour's poster, what it is, its dates grouped by city
 * with what a buyer can do about each (buy, wait for the sale, or nothing: cancelled), the 100%
 * entry guarantee, its past events, and the ticket-alert email sheet. The alert is a real form
 * posting to this route's action, so it works without JavaScript (the sheet is then reached by
 * its address, ?sheet=alert).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { Poster } from "~/components/poster";
import { Price } from "~/components/price";
import { Sheet, SheetTrigger, useSheet, type SheetControl } from "~/components/sheet";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime, shortDateTime } from "~/i18n/session-time";
import { redirectWithToast } from "~/server/toast.server";
import { subscribeTicketAlert } from "@market/alerts/ticket-alerts";
import { ticketAlertFormSchema } from "@market/alerts/ticket-alert-schema";
import { tourDetail, tourDetailQuerySchema, type TourDetail, type TourSession } from "@market/catalog/tour-detail";
import type { Language } from "@market/context/viewer";
import { PriceChart } from "~/components/price-chart";
import { tourPriceHistory } from "@market/demand/price-history";
import { tourEvents } from "@market/catalog/event-structured-data";
import styles from "./tour-detail.module.css";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/tour-detail";
import { readForm } from "~/server/form.server";
import { notFoundPage } from "~/server/refusal.server";

export const handle = { i18n: ["tour", "discover", "demand"] };

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(rootSeo(matches), data ? { title: data.pageTitle, description: data.pageDescription, image: data.tour.shareImageUrl, structuredData: data.events } : {});

/** The tour named by `?id=`; a malformed id is the same 'not found' as an unknown one. */
function tourIdOf(request: Request): number {
  const parsed = tourDetailQuerySchema.safeParse({ id: new URL(request.url).searchParams.get("id") ?? undefined });
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const tourId = tourIdOf(request);
  const [tour, t, history] = await Promise.all([
    tourDetail(ctx, tourId).catch(notFoundPage),
    i18nServer.getFixedT(ctx.viewer.language, "tour"),
    // A tour without sessions has no history: the chart is left out, the page still shows.
    tourPriceHistory(ctx, tourId).catch(() => null),
  ]);
  return data({
    tour,
    history,
    timeZone: ctx.viewer.timeZone,
    /** schema.org Events of its upcoming sessions, for search engines. */
    events: await tourEvents(ctx, tour, new URL(request.url).origin),
    pageTitle: t("metaTitle", { title: tour.title }),
    pageDescription: t("metaDescription", { title: tour.title }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const tourId = tourIdOf(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "subscribe-alert": {
      const submission = parseWithZod(formData, { schema: ticketAlertFormSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const subscription = await subscribeTicketAlert(context.market, { tourId, email: submission.value.email }).catch(notFoundPage);
      return redirectWithToast(`/tourDetail?id=${tourId}`, {
        kind: "success",
        key: subscription.alreadySubscribed ? "tour:alert.alreadySubscribed" : "tour:alert.subscribed",
      });
    }
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function TourDetailPage() {
  const { tour, history, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("tour");
  const alert = useSheet("alert");
  const upcomingCount = tour.upcoming.reduce((sum, group) => sum + group.sessions.length, 0);
  const lowest = lowestOf(tour);

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

        <Guarantee />

        <section className={styles.section} id="dates" aria-labelledby="dates-title">
          <div className={styles.sectionHead}>
            <h2 id="dates-title" className={styles.sectionTitle}>
              {t("dates.title")}
            </h2>
            {upcomingCount > 0 ? <p className={styles.sectionNote}>{t("dates.timesLocal")}</p> : null}
          </div>
          {history && upcomingCount > 0 ? <PriceChart history={history} timeZone={timeZone} /> : null}
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

        <section className={styles.section} aria-labelledby="about-title">
          <h2 id="about-title" className={styles.sectionTitle}>
            {t("about")}
          </h2>
          <p className={styles.description}>{tour.description}</p>
          {tour.tags.length > 0 ? (
            <ul className={styles.tags} aria-label={t("tags")}>
              {tour.tags.map((tag) => (
                <li key={tag.id}>#{tag.name}</li>
              ))}
            </ul>
          ) : null}
        </section>

        {tour.venues.length > 0 ? (
          <section className={styles.section} aria-labelledby="venues-title">
            <h2 id="venues-title" className={styles.sectionTitle}>
              {t("venues")}
            </h2>
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
          </section>
        ) : null}

        {tour.past.length > 0 ? (
          <section className={styles.section} aria-labelledby="past-title">
            <h2 id="past-title" className={styles.sectionTitle}>
              {t("past.title")}
            </h2>
            <ol className={styles.past}>
              {tour.past.map((session) => (
                <li key={session.sessionId}>
                  <PastRow session={session} />
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </main>

      <AlertSheet sheet={alert} title={tour.title} lastResult={actionData?.result} />
    </div>
  );
}

/** The lowest 'from' price over the tour's dates. */
function lowestOf(tour: TourDetail) {
  let best: NonNullable<TourSession["lowestPrice"]> | null = null;
  for (const group of tour.upcoming) {
    for (const session of group.sessions) {
      if (session.lowestPrice && (!best || session.lowestPrice.allIn.amount < best.allIn.amount)) best = session.lowestPrice;
    }
  }
  return best;
}

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === "zh-HK" ? "zh-HK" : "en-US";
}

function SessionRow({ session }: { session: TourSession }) {
  const { t } = useTranslation("tour");
  const language = useLanguage();
  const when = sessionTime(session.startsAt, session.timeZone, language);
  return (
    <div className={styles.session} data-status={session.status}>
      <time className={styles.dateBlock} dateTime={when.iso}>
        <span className={styles.month}>{when.month}</span>
        <span className={styles.day}>{when.day}</span>
      </time>
      <div className={styles.sessionText}>
        <span className={styles.sessionWhen}>
          {when.weekday} · {when.time}
        </span>
        <span className={styles.sessionVenue}>{session.venue.name}</span>
      </div>
      <div className={styles.sessionAction}>
        {session.status === "ONSALE" && session.lowestPrice ? (
          <>
            <Price amount={session.lowestPrice.allIn} from size="sm" />
            <Link
              to={`/pick-seat?sessionId=${session.sessionId}`}
              className={styles.buy}
              aria-label={t("session.buyLabel", { date: when.date, venue: session.venue.name })}
            >
              {t("session.buy")}
            </Link>
          </>
        ) : session.status === "ONSALE" ? (
          <span className={styles.badge}>{t("session.noTickets")}</span>
        ) : session.status === "PENDING" ? (
          <span className={styles.badge} data-tone="soon">
            {t("session.onSaleOn", { date: shortDateTime(session.saleStartsAt, session.timeZone, language) })}
          </span>
        ) : session.status === "CANCEL" ? (
          <span className={styles.badge} data-tone="cancelled">
            {t("session.cancelled")}
          </span>
        ) : (
          <span className={styles.badge}>{t("session.salesClosed")}</span>
        )}
      </div>
    </div>
  );
}

function PastRow({ session }: { session: TourSession }) {
  const { t } = useTranslation("tour");
  const when = sessionTime(session.startsAt, session.timeZone, useLanguage());
  return (
    <div className={styles.pastRow}>
      <time dateTime={when.iso}>{when.date}</time>
      <span className={styles.pastWhere}>
        {session.venue.name} · {session.city.name}
      </span>
      <span className={styles.pastStatus}>{session.status === "CANCEL" ? t("session.cancelled") : t("session.ended")}</span>
    </div>
  );
}

function Guarantee() {
  const { t } = useTranslation("tour");
  return (
    <aside className={styles.guarantee}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6Z" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </svg>
      <div>
        <h2>{t("guarantee.title")}</h2>
        <p>{t("guarantee.body")}</p>
        <Link to="/guarantee">{t("guarantee.more")}</Link>
      </div>
    </aside>
  );
}

function AlertSheet({ sheet, title, lastResult }: { sheet: SheetControl; title: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["tour", "errors"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "ticket-alert",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ticketAlertFormSchema }),
  });
  const refused = Boolean(lastResult?.error && Object.keys(lastResult.error).length > 0);
  const error = fields.email.errors?.[0];
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "subscribe-alert";
  return (
    <Sheet sheet={sheet} title={t("alert.title")} description={t("alert.body", { title })} open={refused}>
      <Form method="post" {...getFormProps(form)} className={styles.alertForm}>
        <label className={styles.field} htmlFor={fields.email.id}>
          {t("alert.email")}
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          className={styles.input}
          placeholder={t("alert.placeholder")}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        {error ? (
          <p className={styles.error} id={fields.email.errorId} role="alert">
            {t(error, { ns: "errors" })}
          </p>
        ) : null}
        <button type="submit" name="intent" value="subscribe-alert" className={styles.submit} disabled={submitting}>
          {submitting ? t("alert.submitting") : t("alert.submit")}
        </button>
        <p className={styles.fineprint}>{t("alert.fineprint")}</p>
      </Form>
    </Sheet>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
