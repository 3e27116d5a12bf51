/**
 * The waiting room (/waiting-room?sessionId=): where buyers of a high-demand session wait their
 * turn (functions/market/demand/admission.ts holds the rules).
 *
 * - Joining takes the bot check (Turnstile) and needs no account: the place is kept in a queue
 *   token cookie, and a signed-in buyer's place is also found by their account on any device.
 *   With JavaScript the form is sent by itself once the check passes; without it the page says
 *   how to join. Opening the page again never costs a place.
 * - While waiting, a browser running scripts polls its shard's public document (edge-cached, no
 *   database) and moves the position and estimate in place; it asks this page's loader again
 *   only when its turn comes (or its rank is drawn), at the times queue-place.ts's nextPollIn
 *   gives: once in the minute before opening to learn its draw, then near its own batch. Without
 *   JavaScript a meta refresh inside <noscript> reloads the page at those times too (at least 3 s
 *   apart), and the reload reads no D1 (the heading is kept, the place is the edge's document).
 * - When the turn comes to a signed-in buyer, the loader sets the admission cookie and goes on to
 *   pick-seat; a visitor is asked to sign in to take it.
 * - The draw can be checked on the page: the seed's hash before opening, the seed after, the
 *   buyer's queue id and rank, and the published list. A spent turn shows the fairness report.
 */
import { PushOfferLater as PushOffer } from "~/components/push-offer-later";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { recordId } from "../../functions/market/input/fields";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { BotCheck } from "~/components/bot-check";
import { i18nServer } from "~/i18n/i18n.server";
import { loginUrl } from "~/server/auth.server";
import { admissionCookieHeader, botCheckOnPage, queueCookieHeader, queueTokenOf, waitingRoomUrl } from "~/server/demand.server";
import { dateTimeFormat } from "@market/calendar/date-format";
import { fairnessReport, joinQueue, queuePlace, type FairnessReport } from "@market/demand/admission";
import { asOf, drawOf, nextPollIn, POLL_CAP_MS, QUEUE_NOW_PATH, standingOf, type NowAdmitting, type RankStanding } from "@market/demand/queue-place";
import { keptSessionHeading } from "@market/listings/session-offer";
import styles from "~/styles/demand-screens.module.css";
import type { Route } from "./+types/waiting-room";
import { isMissing, notFoundResponse, refusalText } from "~/server/refusal.server";

export const handle = { i18n: ["demand", "push"] };

/** Ask again no sooner than this (a busy room) and no later (the estimate stays current). */
const REFRESH_SECONDS = { min: 3, max: 30 };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

const querySchema = z.object({ sessionId: recordId() });
const joinSchema = z.object({ botCheck: z.string().max(2048).optional() });

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
    keptSessionHeading(ctx, sessionId).catch((error: unknown) => {
      if (isMissing(error)) throw notFoundResponse();
      throw error;
    }),
    i18nServer.getFixedT(ctx.viewer.language, "demand"),
  ]);
  const token = await queueTokenOf(request, sessionId);
  const place = await queuePlace(ctx, sessionId, token);
  const pickSeat = `/pick-seat?sessionId=${sessionId}`;
  if (!place.queueOn) throw redirect(pickSeat);
  const { widget, headers } = botCheckOnPage(context);
  if ("queueToken" in place && place.queueToken !== token) headers.append("Set-Cookie", await queueCookieHeader(sessionId, place.queueToken));
  const base = { sessionId, title: session.tour.title, timeZone: session.timeZone, pageTitle: t("queue.metaTitle", { title: session.tour.title }), now: ctx.now() };
  switch (place.state) {
    case "absent":
      return data({ ...base, view: "join" as const, widget, refreshSeconds: null }, { headers });
    case "admitted":
      headers.append("Set-Cookie", await admissionCookieHeader(place.admissionToken));
      throw redirect(pickSeat, { headers });
    case "turn":
      return data({ ...base, view: "turn" as const, place, loginHref: loginUrl(waitingRoomUrl(sessionId)), refreshSeconds: null }, { headers });
    case "waiting":
      // Without scripts the page reloads when the script would read (queue-place.ts, nextPollIn):
      // just after the buyer's own batch, at least every 30 s, in whole seconds.
      return data({ ...base, view: "waiting" as const, place, refreshSeconds: clampSeconds(nextPollIn(place, place, base.now, Math.random()) + 400) }, { headers });
    case "prequeue":
      return data({ ...base, view: "prequeue" as const, place, refreshSeconds: clampSeconds(nextPollIn(place, { ...place, state: "prequeue" }, base.now, Math.random()) + 400) }, { headers });
    case "expired": {
      const report = await fairnessReport(ctx, sessionId);
      return data({ ...base, view: "expired" as const, widget, report, refreshSeconds: null }, { headers });
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const sessionId = sessionIdOf(request);
  const fields = joinSchema.safeParse(Object.fromEntries(await request.formData()));
  try {
    const place = await joinQueue(context.market, sessionId, {
      botCheck: fields.success ? fields.data.botCheck : undefined,
      queueToken: await queueTokenOf(request, sessionId),
      remoteIp: request.headers.get("cf-connecting-ip"),
    });
    const headers = new Headers();
    if ("queueToken" in place) headers.append("Set-Cookie", await queueCookieHeader(sessionId, place.queueToken));
    return redirect(waitingRoomUrl(sessionId), { headers });
  } catch (error) {
    return data({ refusal: await refusalText(error, context) }, { status: 403 });
  }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * With JavaScript, follows the buyer's shard from its public document (never this page's loader)
 * and asks the loader again only when the turn has come or the rank has been drawn. Returns the
 * standing to show, or null until the first poll.
 */
function useShardWatch(loaded: Loaded): RankStanding | null {
  const revalidator = useRevalidator();
  const [standing, setStanding] = useState<RankStanding | null>(null);
  const watched = loaded.view === "waiting" || loaded.view === "prequeue" ? loaded.place : null;
  useEffect(() => {
    setStanding(null);
    if (!watched) return;
    let timer: ReturnType<typeof setTimeout>;
    // A place taken before the draw has no rank in its token: its draw value, worked out here from
    // the revealed seed, says where it stands (the same value anyone can check).
    let draw: string | undefined;
    const url = `${QUEUE_NOW_PATH}?sessionId=${watched.sessionId}&shard=${watched.shard}`;
    // This page's own moment in the draw's lead and its jitter (queue-place.ts, nextPollIn).
    const luck = Math.random();
    // The server's clock, as of the answer this page was drawn from: a batch is judged due by it,
    // never early by a fast phone's (the answer's travel only makes it later).
    const skew = loaded.now - Date.now();
    const serverNow = () => Date.now() + skew;
    // The copy last read: a check asks it first, as of then (its batch may have come), then reads.
    let held: NowAdmitting | null = null;
    const check = async () => {
      let next = POLL_CAP_MS;
      try {
        if (held && standingOf(asOf(held, serverNow()), watched.rank, draw).state === "turn") return revalidator.revalidate();
        const answer = (await (await fetch(url, { credentials: "omit" })).json()) as { data: NowAdmitting | null };
        const document = answer.data;
        if (!document || !document.queueOn) return revalidator.revalidate();
        held = document;
        if (watched.rank === null && document.seed && !draw) draw = await drawOf(document.seed, watched.queueId);
        const now = standingOf(asOf(document, serverNow()), watched.rank, draw);
        if (now.state === "turn" || now.state === "drawn") return revalidator.revalidate();
        setStanding(now);
        next = nextPollIn(document, now, serverNow(), luck);
      } catch {
        // Offline for a moment: try again at the slow pace.
      }
      timer = setTimeout(check, next);
    };
    // The first read by the same prediction, from what the page was drawn with (on the server's clock).
    const drawnWith: RankStanding = watched.state === "prequeue" ? { ...watched, state: "prequeue" } : { ...watched, state: "waiting" };
    timer = setTimeout(check, nextPollIn(watched, drawnWith, loaded.now, luck));
    return () => clearTimeout(timer);
    // A new answer from the loader (a new `now`) starts the watch afresh.
  }, [watched, loaded.now, revalidator]);
  return standing;
}

function duration(t: (key: string, options?: Record<string, unknown>) => string, ms: number | null): string {
  if (ms === null) return "–";
  return ms >= 60_000 ? t("queue.minutes", { count: Math.round(ms / 60_000) }) : t("queue.seconds", { count: Math.round(ms / 1000) });
}

function FairnessSummary({ report }: { report: FairnessReport }) {
  const { t, i18n } = useTranslation("demand");
  const share = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 }).format(report.newAccountShare);
  return (
    <section className={styles.details} data-testid="fairness-report">
      <h3 className={styles.detailsTitle}>{t("queue.fairnessTitle")}</h3>
      <p className={styles.body}>{t("queue.fairnessJoined", { count: report.joined, refused: report.refusedByBotCheck })}</p>
      <p className={styles.body}>
        {report.admitted > 0 ? t("queue.fairnessWait", { median: duration(t, report.medianWaitMs), p99: duration(t, report.p99WaitMs) }) : t("queue.fairnessNone")}
      </p>
      <p className={styles.body}>{t("queue.fairnessNew", { share })}</p>
    </section>
  );
}

function DrawCheck({ place }: { place: { seedHash: string; seed: string | null; drawnCount: number; queueId: string; rank: number | null; shard: number; sessionId: number } }) {
  const { t } = useTranslation("demand");
  return (
    <details className={styles.details} data-testid="draw-check">
      <summary className={styles.detailsTitle}>{t("queue.drawTitle")}</summary>
      <p className={styles.fine}>{t("queue.drawCommitted", { hash: place.seedHash })}</p>
      {place.seed ? (
        <>
          <p className={styles.fine}>{t("queue.drawRevealed", { seed: place.seed })}</p>
          {place.rank !== null ? (
            <p className={styles.fine}>
              {t(place.rank > place.drawnCount ? "queue.drawArrivedLater" : "queue.drawYours", { queueId: place.queueId, shard: place.shard, rank: place.rank })}
            </p>
          ) : null}
          <p className={styles.fine}>{t("queue.drawHow")}</p>
          <a className={styles.link} href={`/pub/tour/v1/queue/draw?sessionId=${place.sessionId}&shard=${place.shard}`}>
            {t("queue.drawList", { shard: place.shard })}
          </a>
        </>
      ) : (
        <p className={styles.fine}>{t("queue.drawLater")}</p>
      )}
    </details>
  );
}

function JoinForm({ widget, here, label }: { widget: { siteKey: string; scriptUrl: string } | null; here: string; label: string }) {
  const { t, i18n } = useTranslation("demand");
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (!widget) return <p className={styles.body}>{t("queue.botCheckUnavailable")}</p>;
  return (
    <Form method="post" action={here} className={styles.form}>
      <BotCheck siteKey={widget.siteKey} scriptUrl={widget.scriptUrl} language={i18n.language} noScript={t("queue.noScript")} submitOnPass />
      {refused?.refusal ? (
        <p className={styles.refusal} role="alert" data-testid="join-refusal">
          {refused.refusal}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t("queue.joining") : label}
      </button>
    </Form>
  );
}

export default function WaitingRoomPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("demand");
  const time = (at: number) => dateTimeFormat(i18n.language, { timeZone: loaded.timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(at);
  const here = `/waiting-room?sessionId=${loaded.sessionId}`;
  const watched = useShardWatch(loaded);
  // What the watch saw wins over what the page was drawn with: a pre-queue place is waiting once drawn.
  const waiting =
    (loaded.view === "waiting" || loaded.view === "prequeue") && watched?.state === "waiting"
      ? { ...loaded.place, ...watched }
      : loaded.view === "waiting"
        ? loaded.place
        : null;
  const now = watched ? Date.now() : loaded.now;

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
          {loaded.view === "join" ? (
            <>
              <h2 className={styles.title}>{t("queue.joinTitle")}</h2>
              <p className={styles.body}>{t("queue.joinBody")}</p>
              <JoinForm widget={loaded.widget} here={here} label={t("queue.join")} />
            </>
          ) : loaded.view === "turn" ? (
            <>
              <h2 className={styles.title}>{t("queue.admittedTitle")}</h2>
              <p className={styles.body}>{t("queue.turnBody", { minutes: 15 })}</p>
              <Link to={loaded.loginHref} className={styles.primary}>
                {t("queue.turnAction")}
              </Link>
            </>
          ) : waiting ? (
            <>
              <h2 className={styles.title}>{t("queue.title")}</h2>
              <p className={styles.position} data-testid="queue-position">
                {waiting.aboutAhead > 0 ? t("queue.position", { count: waiting.aboutAhead }) : t("queue.positionNone")}
              </p>
              {waiting.paused ? (
                <p className={styles.body} data-testid="queue-paused">
                  {t("queue.paused")}
                </p>
              ) : (
                <p className={styles.body}>
                  {waiting.estimatedAt - now < 60_000
                    ? t("queue.estimateSoon")
                    : t("queue.estimate", { time: time(waiting.estimatedAt), minutes: Math.ceil((waiting.estimatedAt - now) / 60_000) })}
                </p>
              )}
              <p className={styles.body}>{t("queue.rate", { rate: waiting.admitPerMinute })}</p>
              <p className={styles.body}>{t("queue.keepOpen")}</p>
              <Link to={here} className={styles.quiet} reloadDocument>
                {t("queue.refresh")}
              </Link>
              <DrawCheck place={waiting} />
            </>
          ) : loaded.view === "prequeue" ? (
            <>
              <h2 className={styles.title}>{t("queue.prequeueTitle")}</h2>
              <p className={styles.body}>{t("queue.prequeueBody", { time: time(loaded.place.opensAt), drawTime: time(loaded.place.drawAt) })}</p>
              <p className={styles.body}>{t("queue.prequeued", { count: watched?.state === "prequeue" ? watched.prequeued : loaded.place.prequeued })}</p>
              <p className={styles.body}>{t("queue.keepOpen")}</p>
              <DrawCheck place={loaded.place} />
            </>
          ) : loaded.view === "expired" ? (
            <>
              <h2 className={styles.title}>{t("queue.expiredTitle")}</h2>
              <p className={styles.body}>{t("queue.expiredBody")}</p>
              <JoinForm widget={loaded.widget} here={here} label={t("queue.join")} />
              <FairnessSummary report={loaded.report} />
            </>
          ) : null}
        </section>
        {waiting || loaded.view === "prequeue" ? <PushOffer moment="queue" sessionId={loaded.sessionId} /> : null}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
