/**
 * A session's status as a buyer sees it at an instant. The show carries SPEC §3's stored status
 * and decides it, except that time closes a session: one that has started, or whose sales have
 * ended, is CLOSE whatever its show says, so a page is right at every instant even if no job
 * has run. Sales of a PENDING show open when its status changes (the same rule as
 * lowest-price.ts's buyable listings), not when the clock passes its announced date.
 */
import type { ShowStatus } from "../../db/schema";

export interface SessionTimes {
  showStatus: ShowStatus;
  startsAt: number;
  saleEndsAt: number;
}

export function sessionStatus(session: SessionTimes, now: number): ShowStatus {
  if (session.showStatus === "DISABLED" || session.showStatus === "CANCEL" || session.showStatus === "CLOSE") {
    return session.showStatus;
  }
  if (session.startsAt <= now || session.saleEndsAt <= now) return "CLOSE";
  return session.showStatus;
}

/** True when a session belongs under 'Past events': it has started, or its show is closed. */
export function isPastSession(session: Pick<SessionTimes, "showStatus" | "startsAt">, now: number): boolean {
  return session.startsAt <= now || session.showStatus === "CLOSE";
}
