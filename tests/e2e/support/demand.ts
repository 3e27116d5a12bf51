/** The price-insight steps the browser tests share: on-sale sessions, and one whose best deal is a badge. */
import type { APIRequestContext } from "@playwright/test";

export interface Dealt {
  tourId: number;
  sessionId: number;
  level: "great" | "good";
}

export async function onSaleSessions(request: APIRequestContext): Promise<{ tourId: number; sessionId: number }[]> {
  const data = async (path: string) => (await (await request.get(path)).json()).data;
  const sessions: { tourId: number; sessionId: number }[] = [];
  for (const tour of (await data("/pub/tour/v1/list?pageSize=20")).list as { id: number }[]) {
    const detail = await data(`/pub/tour/v1/detail?id=${tour.id}`);
    for (const group of detail.upcoming as { sessions: { sessionId: number; status: string }[] }[]) {
      for (const session of group.sessions.filter((s) => s.status === "ONSALE")) sessions.push({ tourId: tour.id, sessionId: session.sessionId });
    }
  }
  return sessions;
}

/** An on-sale session (from the front of the list) whose best deal for two is a badge. */
export async function sessionWithDeal(request: APIRequestContext): Promise<Dealt> {
  for (const { tourId, sessionId } of (await onSaleSessions(request)).slice(0, 40)) {
    const offer = (await (await request.get(`/pub/tour/v1/session/listings?sessionId=${sessionId}&sort=best_deal&quantity=2`)).json()).data;
    const level = offer?.listings?.[0]?.deal?.level as Dealt["level"] | undefined;
    if (level) return { tourId, sessionId, level };
  }
  throw new Error("no on-sale session with a deal");
}
