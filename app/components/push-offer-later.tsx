/**
 * The notifications offer, fetched once the page is hydrated: it is drawn only in a browser that
 * can take push, so its code never weighs on a screen's first load (the buyer's path budget).
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "./hydrated";
import type { PushOfferMoment } from "./push-offer";

const PushOffer = lazy(() => import("./push-offer").then((module) => ({ default: module.PushOffer })));

export function PushOfferLater(props: { moment: PushOfferMoment; sessionId?: number }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PushOffer {...props} />
    </Suspense>
  );
}
