/**
 * The listing form's server pieces: the chosen session as the steps show it, the form's values
 * and files as the action reads them, and the pricing facts written for the viewer.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { PricingFacts } from "@market/selling";
import type { sessionMarket } from "@market/selling";
import type { sessionSeatMap } from "@market/listings/seat-map";
import type { priceHistory } from "@market/demand/price-history";
import type { listableSessions, sectionPlans } from "@market/selling";
import { toMajorString } from "@market/money/minor-units";
import type { PricingView } from "~/components/listing-steps";
import { listedChanges } from "~/components/price-chart";
import { wallTimeValue, type ConsoleWriters } from "~/server/console.server";
import type { Language } from "@market/preferences";
import type { ListingStepName } from "./steps";

const DAY = 24 * 60 * 60_000;

/** What the action answers when it shows a step rather than redirecting. */
export interface ListingReply {
  step: ListingStepName;
  values: Record<string, string>;
  result?: SubmissionResult<string[]>;
  pricing?: PricingView;
}

/** Names that steer the form rather than hold a value. */
const CONTROL = new Set(["intent", "back", "seat", "shown"]);

/** The chosen session as the steps show it: its map, the section tapped, its price history. */
export function chosenView(input: {
  chosen: Awaited<ReturnType<typeof listableSessions>>[number];
  listed: { title: string; where: string };
  market: Awaited<ReturnType<typeof sessionMarket>>;
  map: Awaited<ReturnType<typeof sessionSeatMap>>;
  plan: Awaited<ReturnType<typeof sectionPlans>>[number] | null;
  history: Awaited<ReturnType<typeof priceHistory>>;
  language: Language;
}) {
  const { chosen, listed, market, map, plan, history, language } = input;
  return {
    id: chosen.sessionId,
    title: listed.title,
    where: listed.where,
    timeZone: chosen.timeZone,
    currency: market.currency.code,
    // Tickets reach the buyer by the day before the show, at the venue, unless the seller says otherwise.
    deliverBy: wallTimeValue(chosen.startsAt - DAY, chosen.timeZone).slice(0, 10),
    pickupTime: wallTimeValue(chosen.startsAt - 2 * 60 * 60_000, chosen.timeZone),
    map,
    sections: map.sections.map((section) => ({ code: section.code, name: section.name })),
    plan,
    history,
    changes: listedChanges(history, chosen.timeZone, language),
  };
}

export type Chosen = ReturnType<typeof chosenView>;

/** The form's filled-in text fields (an empty field is an absent one, as conform reads it). */
export function valuesOf(formData: FormData): Record<string, string> {
  return Object.fromEntries([...formData.entries()].filter(([name, value]) => typeof value === "string" && value !== "" && !CONTROL.has(name))) as Record<string, string>;
}

/** A file part of the form, or null when the field was left empty. */
export async function fileOf(formData: FormData, name: string) {
  const part = formData.get(name);
  if (!(part instanceof File) || (part.name === "" && part.size === 0)) return null;
  return { name: part.name, type: part.type, bytes: new Uint8Array(await part.arrayBuffer()) };
}

/** The pricing facts as the price step shows them, written for the viewer. */
export function pricingView(facts: PricingFacts, write: ConsoleWriters): PricingView {
  const money = (amount: number) => write.money(amount, facts.currency);
  const start = facts.suggestion?.amountMinor ?? (facts.faceValueMinor !== null ? Math.min(facts.faceValueMinor, facts.law?.capMinor ?? Infinity) : null);
  return {
    currency: facts.currency,
    face: facts.faceValueMinor !== null ? money(facts.faceValueMinor) : null,
    law: facts.law ? { name: facts.law.name, source: facts.law.source, cap: facts.law.capMinor !== null ? money(facts.law.capMinor) : null, kind: facts.law.cap } : null,
    lowest: facts.lowest ? write.money(facts.lowest.allInMinor, facts.lowest.currency) : null,
    suggestion: facts.suggestion ? { price: money(facts.suggestion.amountMinor), basis: facts.suggestion.basis, count: facts.suggestion.basis === "sales" ? facts.suggestion.sales : facts.suggestion.listings } : null,
    start: start !== null ? toMajorString(start, facts.minorUnits) : null,
  };
}

