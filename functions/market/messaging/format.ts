/** How chat names a moment in a message to the viewer: their language and time zone, to the minute. */
import { dateTimeFormat } from "../calendar/date-format";
import type { Viewer } from "../context";

export function formatInstant(at: number, viewer: Pick<Viewer, "language" | "timeZone">): string {
  return dateTimeFormat(viewer.language, {
    timeZone: viewer.timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(at);
}
