/**
 * The gate code of an Ovation entry ticket: a QR of `OVT1.<ticket>.<code>` that the phone works
 * out again every 15 seconds from the ticket's holder secret (entry-code.ts, WebCrypto), with no
 * network. The server draws the code of the moment it answered, so the first paint is a code the
 * door takes; from then on the phone keeps it current.
 *
 * What makes a recording visible as one: a band sweeps across the code, the bar under it drains
 * to the next code, and a clock runs to the second. A still photo of the screen has none of them
 * moving, and its code is refused half a minute later (entry-code.ts's window).
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { correction, generate } from "lean-qr/nano";
import { fromBase64url } from "@market/context/crypto";
import { ENTRY_CODE_PERIOD_SECONDS, entryCodeAt, entryPayload, stepAt } from "@market/entry/entry-code";
import styles from "./rotating-code.module.css";

/** The QR's dark modules as one SVG path, and its side in modules (with the quiet zone of 4 on each side). */
export function qrPath(text: string): { side: number; path: string } {
  // Level M: a phone's screen under a gate's lights, half-covered by a thumb, still reads.
  const qr = generate(text, { minCorrectionLevel: correction.M });
  let path = "";
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) if (qr.get(col, row)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
  }
  return { side: qr.size + 8, path };
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const { side, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={styles.qr} viewBox={`0 0 ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The running clock, in the venue's zone: the same on the server's first paint and on the phone. */
function clockText(at: number, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone }).format(at);
}

export function RotatingCode({
  ticketId,
  secret,
  initialCode,
  initialAt,
  timeZone,
}: {
  ticketId: number;
  secret: string;
  initialCode: string;
  initialAt: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("delivery");
  const [code, setCode] = useState(initialCode);
  const [now, setNow] = useState(initialAt);

  useEffect(() => {
    const key = fromBase64url(secret);
    let shownStep = -1;
    let alive = true;
    const tick = async () => {
      const at = Date.now();
      setNow(at);
      const step = stepAt(at);
      if (step === shownStep) return;
      shownStep = step;
      const next = await entryCodeAt(key, at);
      if (alive) setCode(next);
    };
    void tick();
    const timer = window.setInterval(() => void tick(), 250);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [secret]);

  const payload = entryPayload(ticketId, code);
  const periodMs = ENTRY_CODE_PERIOD_SECONDS * 1000;
  const leftMs = periodMs - (now % periodMs);
  return (
    <div className={styles.block}>
      <figure className={styles.frame} data-testid="gate-qr" data-payload={payload}>
        <QrCode text={payload} label={t("gate.codeLabel")} />
        <span className={styles.sweep} aria-hidden="true" />
      </figure>
      <p className={styles.digits} data-testid="gate-code" aria-label={t("gate.codeLabel")}>
        <span className={styles.ticketNo}>#{ticketId}</span> {code.slice(0, 4)} {code.slice(4)}
      </p>
      <div className={styles.timer} role="timer" aria-live="off" aria-label={t("gate.nextCode", { seconds: Math.ceil(leftMs / 1000) })}>
        <span className={styles.drain} style={{ transform: `scaleX(${leftMs / periodMs})` }} />
      </div>
      <p className={styles.clock} data-testid="gate-clock">
        <span className={styles.pulse} aria-hidden="true" />
        {clockText(now, i18n.language, timeZone)}
      </p>
    </div>
  );
}
