/**
 * The waiting room (/waiting-room?sessionId=): where buyers of a high-demand session wait their
 * turn (demand/admission.ts holds the rules). Opening the page takes a place, or keeps the one
 * the account has, so refreshing never costs a place. It asks again at the buyer's batch, or
 * every 30 s while that is further off: with JavaScript by reloading its data in place (the
 * position and estimate change without a page load), without it by a meta refresh inside
 * <noscript> (so a browser running scripts never reloads the page as well). When the buyer's turn
 * comes it sets the admission cookie and goes on to pick-seat. While the session has nothing
 * left to sell the page says admission is paused. A turn that has passed is rejoined with a real form.
 */
import { useEffect } from "react";
import { data, Form, Link, redirect, useLoaderData, useRevalidator } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { recordId } from "../../functions/market/input/fields";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { loginUrl } from "~/server/auth.server";
import { admissionCookieHeader, waitingRoomUrl } from "~/server/demand.server";
import { dateTimeFormat } from "@market/calendar/date-format";
import { joinQueue, queuePlace } from "@market/demand/admission";
import { sessionSummary } from "@market/listings/session-offer";
import styles from "~/styles/demand-screens.module.css";
import type { Route } from "./+types/waiting-room";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["demand"] };

/** Refresh no sooner than this (a busy room) and no later (the estimate stays current). */
const REFRESH_SECONDS = { min: 3, max: 30 };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

/** Asks the loader again after `seconds` (JavaScript's refresh; the page's <noscript> holds the other). */
function useRefreshIn(seconds: number | null) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (seconds === null) return;
    const timer = setTimeout(() => revalidator.revalidate(), seconds * 1000);
    return () => clearTimeout(timer);
    // A new answer brings a new `seconds` (and `now`), which sets the next timer.
  }, [seconds, revalidator]);
}

const querySchema = z.object({ sessionId: recordId() });

function sessionIdOf(request: Request): number {
  const parsed = querySchema.safeParse({ sessionId: new URL(request.url).searchParams.get("sessionId") ?? undefined });
  if (!parsed.success) throw notFoundResponse();
  return parsed.data.sessionId;
}

const clampSeconds = (ms: number) => Math.min(REFRESH_SECONDS.max, Math.max(REFRESH_SECONDS.min, Math.ceil(ms / 1000)));

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.market;
  const sessionId = sessionIdOf(request);
  const [session, t] = await Promise.all([
    sessionSummary(ctx, sessionId).catch((error: unknown) => {
      if (isMissing(error)) throw notFoundResponse();
      throw error;
    }),
    i18nServer.getFixedT(ctx.viewer.language, "demand"),
  ]);
  const base = { sessionId, title: session.tour.title, timeZone: session.timeZone, pageTitle: t("queue.metaTitle", { title: session.tour.title }), now: ctx.now() };
  if (ctx.viewer.userId === null) return data({ ...base, view: "signIn" as const, loginHref: loginUrl(waitingRoomUrl(sessionId)), refreshSeconds: null });
  const current = await queuePlace(ctx, sessionId);
  const place = current.queueOn && current.state === "absent" ? await joinQueue(ctx, sessionId) : current;
  if (!place.queueOn) throw redirect(`/pick-seat?sessionId=${sessionId}`);
  switch (place.state) {
    case "admitted":
      throw redirect(`/pick-seat?sessionId=${sessionId}`, { headers: { "Set-Cookie": await admissionCookieHeader(place.admissionToken) } });
    case "waiting":
      // At the buyer's own batch, but at least every 30 s so the position stays current: a crowd far
      // back polls every 30 s, not every batch (the sizing in docs/decisions.md #83 counts on it).
      return data({ ...base, view: "waiting" as const, place, refreshSeconds: clampSeconds(place.estimatedAt - base.now + 500) });
    case "prequeue":
      return data({ ...base, view: "prequeue" as const, place, refreshSeconds: clampSeconds(place.opensAt - base.now + 500) });
    default:
      return data({ ...base, view: "expired" as const, refreshSeconds: null });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const sessionId = sessionIdOf(request);
  if (context.market.viewer.userId === null) throw redirect(loginUrl(waitingRoomUrl(sessionId)));
  await joinQueue(context.market, sessionId);
  return redirect(waitingRoomUrl(sessionId));
}

export default function WaitingRoomPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("demand");
  const time = (at: number) => dateTimeFormat(i18n.language, { timeZone: loaded.timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(at);
  const here = `/waiting-room?sessionId=${loaded.sessionId}`;
  useRefreshIn(loaded.refreshSeconds === null ? null : loaded.refreshSeconds);

  return (
    <div className={styles.page}>
      <PageHeader title={loaded.title} fallback={`/pick-seat?sessionId=${loaded.sessionId}`} />
      {loaded.refreshSeconds ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(loaded.refreshSeconds)} />
        </noscript>
      ) : null}
      <main className={styles.main}>
        <section className={styles.card} role="status" aria-live="polite" data-testid="waiting-room" data-view={loaded.view} data-checked={loaded.now}>
          {loaded.view === "signIn" ? (
            <>
              <h2 className={styles.title}>{t("queue.prequeueTitle")}</h2>
              <p className={styles.body}>{t("queue.signIn")}</p>
              <Link to={loaded.loginHref} className={styles.primary}>
                {t("queue.signInAction")}
              </Link>
            </>
          ) : loaded.view === "prequeue" ? (
            <>
              <h2 className={styles.title}>{t("queue.prequeueTitle")}</h2>
              <p className={styles.body}>{t("queue.prequeueBody", { time: time(loaded.place.opensAt) })}</p>
              <p className={styles.body}>{t("queue.prequeued", { count: loaded.place.prequeued })}</p>
              <p className={styles.body}>{t("queue.keepOpen")}</p>
            </>
          ) : loaded.view === "waiting" ? (
            <>
              <h2 className={styles.title}>{t("queue.title")}</h2>
              <p className={styles.position}>
                {loaded.place.aboutAhead > 0 ? t("queue.position", { count: loaded.place.aboutAhead }) : t("queue.positionNone")}
              </p>
              {loaded.place.paused ? (
                <p className={styles.body} data-testid="queue-paused">
                  {t("queue.paused")}
                </p>
              ) : (
                <p className={styles.body}>
                  {loaded.place.estimatedAt - loaded.now < 60_000
                    ? t("queue.estimateSoon")
                    : t("queue.estimate", { time: time(loaded.place.estimatedAt), minutes: Math.ceil((loaded.place.estimatedAt - loaded.now) / 60_000) })}
                </p>
              )}
              <p className={styles.body}>{t("queue.rate", { rate: loaded.place.admitPerMinute })}</p>
              <p className={styles.body}>{t("queue.keepOpen")}</p>
              <Link to={here} className={styles.quiet} reloadDocument>
                {t("queue.refresh")}
              </Link>
            </>
          ) : (
            <>
              <h2 className={styles.title}>{t("queue.expiredTitle")}</h2>
              <p className={styles.body}>{t("queue.expiredBody")}</p>
              <Form method="post" action={here} className={styles.form}>
                <button type="submit" className={styles.primary}>
                  {t("queue.join")}
                </button>
              </Form>
            </>
          )}
        </section>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
