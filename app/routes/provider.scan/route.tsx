/**
 * The door scanner (/provider/scan, seller role; decision 299), for the staff of the organiser or
 * trader whose listings issued Ovation entry codes. Without `session`: the events to choose from.
 * With it: the event's manifest is downloaded into the device (door-book.ts) and kept by the
 * service worker, so the door keeps working with no signal.
 *
 * A scan (the camera, or the code typed from under the QR) is checked on the device first; a
 * code that passes goes to the Worker, which checks it again and asks the event's check-in record
 * whether it is the first admission. With no signal the device admits it alone and sends it on
 * the next sync; a ticket another gate let in first is then reported. Every few seconds online
 * the scanner catches up on the other gates' admissions. Without JavaScript the typed code posts
 * to this route, which answers the Worker's verdict.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { useKeptOffline } from "~/components/use-kept-offline";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime, shortDateTime } from "~/i18n/session-time";
import { requireConsole } from "~/server/console.server";
import { readForm } from "~/server/form.server";
import { notFoundPage } from "~/server/refusal.server";
import { admitScans, doorManifest, doorSessions, type DoorManifest, type DoorVerdict } from "@market/entry";
import type { Admission } from "@market/entry/check-in-object";
import { bookFromManifest, checkOnDevice, loadBook, payloadOf, saveBook, type DoorBook, type ShownVerdict } from "./door-book";
import { CameraScan } from "./camera-scan";
import styles from "./scan.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["delivery", "console"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

/** How often an online scanner sends its waiting scans and hears the other gates'. */
const SYNC_EVERY_MS = 4000;
/** How long an online scan waits for the door's answer before the device decides alone. */
const ANSWER_WITHIN_MS = 4000;

function sessionParam(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("session");
  return value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const language = ctx.viewer.language;
  const t = await i18nServer.getFixedT(language, "delivery");
  const headers = { "cache-control": "private, no-store" };
  const sessionId = sessionParam(request);
  if (sessionId === null) {
    const sessions = await doorSessions(ctx);
    return data(
      {
        pageTitle: t("door.metaTitle"),
        manifest: null,
        sessions: sessions.map((session) => {
          const when = sessionTime(session.startsAt, session.timeZone, language);
          return { ...session, when: `${when.date} · ${when.time}` };
        }),
      },
      { headers },
    );
  }
  const manifest = await doorManifest(ctx, sessionId).catch(notFoundPage);
  return data({ pageTitle: `${t("door.metaTitle")} · ${manifest.title}`, manifest, sessions: null }, { headers });
}

/** Without JavaScript: the typed code, checked by the Worker and the check-in record. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireConsole(request, context, "seller");
  const sessionId = sessionParam(request);
  const form = await readForm(request);
  const payload = payloadOf(String(form.get("code") ?? ""));
  const gate = String(form.get("gate") ?? "").trim() || "Gate 1";
  if (sessionId === null) throw new Response("Bad request", { status: 400 });
  if (!payload) return data({ verdict: { result: "notOurs" } as DoorVerdict }, { status: 400 });
  const [verdict] = await admitScans(context.market, sessionId, [{ payload, gate: gate.slice(0, 40) }]);
  return data({ verdict });
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { ...init, headers: { "content-type": "application/json", ...init.headers }, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  const body = (await response.json()) as { statusCode: number; data: T };
  if (!response.ok || body.statusCode !== 200) throw new Error(`door answered ${body.statusCode}`);
  return body.data;
}

const sendScans = (sessionId: number, scans: DoorBook["pending"]) =>
  api<DoorVerdict[]>("/provider/v1/door/scan", { method: "POST", body: JSON.stringify({ sessionId, scans }) });

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export default function DoorScannerPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation(["delivery", "console"]);
  return (
    <div className={styles.page}>
      <PageHeader title={t("door.title")} fallback="/provider" />
      <main className={styles.main}>{loaded.manifest ? <Scanner manifest={loaded.manifest} /> : <SessionPicker sessions={loaded.sessions ?? []} />}</main>
    </div>
  );
}

function SessionPicker({ sessions }: { sessions: { sessionId: number; title: string; venue: string; when: string; tickets: number }[] }) {
  const { t } = useTranslation("delivery");
  if (sessions.length === 0) {
    return (
      <section className={styles.empty} data-testid="door-no-events">
        <h2>{t("door.noEvents")}</h2>
        <p>{t("door.noEventsBody")}</p>
      </section>
    );
  }
  return (
    <section className={styles.picker}>
      <h2 className={styles.pickerTitle}>{t("door.pickEvent")}</h2>
      <ul className={styles.sessions}>
        {sessions.map((session) => (
          <li key={session.sessionId}>
            <Link to={`/provider/scan?session=${session.sessionId}`} className={styles.session} data-testid="door-event">
              <strong>{session.title}</strong>
              <span>{session.when}</span>
              <span>
                {session.venue} · {t("door.tickets", { count: session.tickets })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Scanner({ manifest }: { manifest: DoorManifest }) {
  const { t, i18n } = useTranslation("delivery");
  const online = useOnline();
  useKeptOffline();
  const actionData = useActionData<typeof action>();
  const [book, setBook] = useState<DoorBook>(() => bookFromManifest(manifest, null));
  const bookRef = useRef(book);
  const [verdict, setVerdict] = useState<ShownVerdict | null>(null);
  const [gate, setGate] = useState("");
  /** When the door last answered (null before the first answer on this page). */
  const [heardAt, setHeardAt] = useState<number | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const update = useCallback((change: (book: DoorBook) => DoorBook) => {
    const next = change(bookRef.current);
    bookRef.current = next;
    saveBook(next);
    setBook(next);
  }, []);

  useEffect(() => {
    update(() => bookFromManifest(manifest, loadBook(manifest.sessionId)));
    setGate(localStorage.getItem("ovation-door-gate") ?? "");
  }, [manifest, update]);

  const at = useCallback(
    (ms: number) => new Intl.DateTimeFormat(i18n.language, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone: bookRef.current.timeZone }).format(ms),
    [i18n.language],
  );

  const learn = useCallback(
    (admissions: Admission[]) =>
      update((current) => {
        const admitted = { ...current.admitted };
        for (const one of admissions) admitted[one.ticketId] ??= { gate: one.gate, at: one.at };
        return { ...current, admitted, seq: admissions.reduce((max, one) => Math.max(max, one.seq), current.seq) };
      }),
    [update],
  );

  // Online: send what was admitted offline, then hear the other gates.
  useEffect(() => {
    if (!online) return;
    let running = false;
    const sync = async () => {
      if (running) return;
      running = true;
      try {
        const waiting = bookRef.current.pending;
        if (waiting.length > 0) {
          const verdicts = await sendScans(bookRef.current.sessionId, waiting);
          update((current) => {
            // The door's record is the truth: where another gate was first, this device now knows it,
            // and says so (kept in the book, so a reload or a remount still shows it).
            const admitted = { ...current.admitted };
            const conflicts = [...current.conflicts];
            verdicts.forEach((one, index) => {
              if (one.result !== "alreadyAdmitted") return;
              admitted[one.ticket.id] = { gate: one.first.gate, at: one.first.at };
              if (one.first.gate !== waiting[index].gate || one.first.at !== waiting[index].at) conflicts.unshift({ ticketId: one.ticket.id, gate: one.first.gate, at: one.first.at });
            });
            return { ...current, admitted, conflicts, pending: current.pending.slice(waiting.length) };
          });
        }
        learn(await api<Admission[]>(`/provider/v1/door/admissions?sessionId=${bookRef.current.sessionId}&since=${bookRef.current.seq}`));
        setHeardAt(Date.now());
      } catch {
        // No answer: the next round tries again; the device keeps deciding alone meanwhile.
      } finally {
        running = false;
      }
    };
    void sync();
    const timer = window.setInterval(() => void sync(), SYNC_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [online, update, learn]);

  const gateName = () => gate.trim().slice(0, 40) || t("door.gatePlaceholder");

  const scan = useCallback(
    async (text: string) => {
      const payload = payloadOf(text);
      if (!payload) return setVerdict({ result: "notOurs" });
      const scannedAt = Date.now();
      const onDevice = await checkOnDevice(bookRef.current, payload, scannedAt);
      if (onDevice.result !== "clear") return setVerdict(onDevice);
      const scanOf = { payload, gate: gateName(), at: scannedAt };
      if (navigator.onLine) {
        const answered = await sendScans(bookRef.current.sessionId, [scanOf]).catch(() => null);
        if (answered) {
          const [door] = answered;
          if (door.result === "admitted") learn([door.admission]);
          if (door.result === "alreadyAdmitted") learn([door.first]);
          return setVerdict(door);
        }
      }
      update((current) => ({
        ...current,
        admitted: { ...current.admitted, [onDevice.ticket.id]: { gate: scanOf.gate, at: scannedAt } },
        pending: [...current.pending, scanOf],
      }));
      setVerdict({ result: "admittedOffline", ticket: onDevice.ticket });
    },
    [gate, learn, update],
  );

  function typed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = codeInput.current;
    if (!input) return;
    void scan(input.value);
    input.value = "";
    input.focus();
  }

  const shown = verdict ?? (actionData?.verdict as ShownVerdict | undefined) ?? null;
  const admittedCount = Object.keys(book.admitted).length;
  return (
    <>
      <section className={styles.event}>
        <h2 className={styles.eventTitle}>{book.title}</h2>
        <p className={styles.eventLine}>{book.venue}</p>
        <p className={styles.eventLine} data-testid="door-downloaded">
          {t("door.downloaded", { count: book.entries.length, at: shortDateTimeOnClient(book.downloadedAt, book.timeZone, i18n.language) })} ·{" "}
          {t("door.admittedCount", { count: admittedCount })}
        </p>
        <p className={styles.status} data-online={online} role="status" data-testid="door-status">
          {!online ? t("door.offline") : heardAt !== null ? t("door.synced", { at: at(heardAt) }) : null}
          {book.pending.length > 0 ? ` · ${t("door.pending", { count: book.pending.length })}` : ""}
        </p>
      </section>

      <VerdictPanel verdict={shown} at={at} />

      {book.conflicts.map((lost) => (
        <p key={lost.ticketId} className={styles.conflict} role="alert" data-testid="door-conflict">
          {t("door.conflict", { id: lost.ticketId, gate: lost.gate, at: at(lost.at) })}
        </p>
      ))}

      <CameraScan onCode={(text) => void scan(text)} />

      <Form method="post" className={styles.typed} onSubmit={typed}>
        <label className={styles.field}>
          <span>{t("door.gate")}</span>
          <input
            className={styles.input}
            name="gate"
            value={gate}
            placeholder={t("door.gatePlaceholder")}
            maxLength={40}
            onChange={(event) => {
              setGate(event.target.value);
              localStorage.setItem("ovation-door-gate", event.target.value);
            }}
          />
        </label>
        <label className={styles.field}>
          <span>{t("door.typed")}</span>
          <input ref={codeInput} className={styles.input} name="code" autoComplete="off" inputMode="text" placeholder="12345601 1234 5678" aria-describedby="door-typed-hint" />
          <span id="door-typed-hint" className={styles.hint}>
            {t("door.typedHint")}
          </span>
        </label>
        <button type="submit" className={styles.check}>
          {t("door.check")}
        </button>
      </Form>
    </>
  );
}

/** The venue's local date and time of the download, written in the viewer's language. */
function shortDateTimeOnClient(ms: number, timeZone: string, language: string): string {
  return shortDateTime(ms, timeZone, language === "zh-HK" ? "zh-HK" : "en-US");
}

function VerdictPanel({ verdict, at }: { verdict: ShownVerdict | null; at: (ms: number) => string }) {
  const { t } = useTranslation("delivery");
  if (!verdict) return null;
  const admitted = verdict.result === "admitted" || verdict.result === "admittedOffline";
  const title =
    verdict.result === "admitted" || verdict.result === "admittedOffline"
      ? t("door.admitted")
      : verdict.result === "alreadyAdmitted"
        ? t("door.alreadyAdmitted")
        : verdict.result === "invalidCode"
          ? t("door.invalidCode")
          : verdict.result === "void"
            ? t("door.void")
            : t("door.notOurs");
  const body =
    verdict.result === "alreadyAdmitted"
      ? t("door.alreadyAdmittedBody", { gate: verdict.first.gate, at: at(verdict.first.at) })
      : verdict.result === "invalidCode"
        ? t("door.invalidCodeBody")
        : verdict.result === "void"
          ? t("door.voidBody")
          : verdict.result === "notOurs"
            ? t("door.notOursBody")
            : verdict.result === "admittedOffline"
              ? t("door.offline")
              : null;
  const ticket = "ticket" in verdict ? verdict.ticket : null;
  return (
    <section className={styles.verdict} data-admitted={admitted} data-testid="door-verdict" data-result={verdict.result} aria-live="assertive">
      <span className={styles.mark} aria-hidden="true">
        {admitted ? "✓" : "✕"}
      </span>
      <h2 className={styles.verdictTitle}>{title}</h2>
      {ticket ? (
        <p className={styles.verdictLine} data-testid="door-seat">
          {ticket.seat && ticket.rowLabel ? t("door.seatLine", { section: ticket.section, row: ticket.rowLabel, seat: ticket.seat }) : ticket.section} · #{ticket.id}
        </p>
      ) : null}
      {ticket?.holderName ? <p className={styles.verdictName}>{t("door.nameLine", { name: ticket.holderName })}</p> : null}
      {body ? <p className={styles.verdictLine}>{body}</p> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
