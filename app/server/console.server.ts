/**
 * The web door of the provider and support consoles (docs/decisions.md): the role guard every
 * console loader and action starts with, and the small pieces their pages share (record ids in
 * the path, amounts and moments written for the viewer).
 *
 * To an account without the role a console answers exactly what an unknown path answers (a 404
 * rendered by the route's error boundary as the not-found view), so buyers never learn it is
 * there; a guest is sent to sign in and brought back.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "react-router";
import * as z from "zod";
import { loadReference } from "@market/reference";
import { zonedParts } from "@market/calendar";
import type { DeliveryView, ProviderOrderView } from "@market/delivery";
import { CODES, MarketError } from "@market/errors";
import { requireRole, type StaffMember } from "@market/staff";
import type { StaffRole } from "../../functions/db/schema";
import { shortDateTime } from "~/i18n/session-time";
import { translateKey } from "../../functions/market/messages";
import { loginUrl, refusalText } from "./auth.server";
import { moneyWriter } from "./money-writer.server";
import { redirectWithToast } from "./toast.server";
import { recordId as recordIdSchema } from "../../functions/market/input/fields";
import { isMissing, notFoundResponse } from "./refusal.server";

const NOT_FOUND = () => notFoundResponse();

/** The viewer as a holder of `role`; a guest is redirected to sign in, anyone else gets a 404. */
export async function requireConsole(request: Request, context: AppLoadContext, role: StaffRole): Promise<StaffMember> {
  try {
    return await requireRole(context.market, role);
  } catch (error) {
    if (error instanceof MarketError && error.code === CODES.notLogin) {
      const url = new URL(request.url);
      throw redirect(loginUrl(`${url.pathname}${url.search}`));
    }
    throw consoleNotFound(error);
  }
}

/** The domain's 'not found' (a missing record, another provider's order) as the web's 404; anything else as it was. */
export function consoleNotFound(error: unknown): unknown {
  return isMissing(error) ? NOT_FOUND() : error;
}

/** The record a console page is about: a missing one (or another provider's) is the not-found page. */
export function consoleRecord<T>(read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    throw consoleNotFound(error);
  });
}

/**
 * Takes one console step: answers the form's field errors (400) when it did not parse, else runs
 * the step and redirects back with a toast (`console:toast.<intent>`), or answers the domain's
 * refusal in the viewer's language as the form's error (400). A missing or foreign record is a
 * 404. What the form answers names its step, so a page of several forms shows it on the right one.
 */
export async function takeStep<Value>(
  context: AppLoadContext,
  step: {
    intent: string;
    submission?: Submission<unknown, string[], Value>;
    redirectTo: string;
    run: (value: Value) => Promise<unknown>;
    /** The success toast's key in the console namespace when it is not `toast.<intent>`. */
    toast?: (value: Value) => string;
    /** Labels (translation keys) of the form's fields, for refusals that name one ('{{field}} can't be more…'). */
    labels?: Record<string, string>;
  },
) {
  const { intent, submission } = step;
  const reply = (result: SubmissionResult<string[]>) => data({ intent, result }, { status: 400 });
  if (submission && submission.status !== "success") return reply(submission.reply());
  const value = submission?.status === "success" ? submission.value : (undefined as Value);
  try {
    await step.run(value);
  } catch (error) {
    const notFound = consoleNotFound(error);
    if (notFound instanceof Response) throw notFound;
    const message = await refusalMessage(error, context, step.labels);
    return reply(submission ? submission.reply({ formErrors: [message] }) : { status: "error", error: { "": [message] } });
  }
  // A toast key naming its own namespace ('selling:toast.created') is taken as it is.
  const key = step.toast ? step.toast(value) : `toast.${intent}`;
  throw await redirectWithToast(step.redirectTo, { kind: "success", key: key.includes(":") ? key : `console:${key}` });
}

/** A refusal in the viewer's language, naming its field by the form's label rather than its name. */
async function refusalMessage(error: unknown, context: AppLoadContext, labels: Record<string, string> = {}): Promise<string> {
  const field = error instanceof MarketError ? error.params.field : undefined;
  if (!(error instanceof MarketError) || typeof field !== "string" || !labels[field]) return refusalText(error, context);
  const language = context.market.viewer.language;
  const label = await translateKey(labels[field], language);
  return translateKey(error.messageKey, language, { ...error.params, field: label, ns: "errors" });
}

/** A record id from the path; anything else is a 404. */
export function recordId(value: string | undefined): number {
  const parsed = recordIdSchema().safeParse(value);
  if (!parsed.success) throw NOT_FOUND();
  return parsed.data;
}

/**
 * Writes amounts (minor units of a currency) and moments for the viewer on the server, so a
 * page reads the same before and after hydration. Moments are in the venue's time zone: pickup
 * times and deadlines are kept at the venue.
 */
export async function consoleWriters(context: AppLoadContext) {
  const [money, reference] = await Promise.all([moneyWriter(context), loadReference(context.market)]);
  const language = context.market.viewer.language;
  return {
    money,
    minorUnitsOf: (code: string): number => reference.currencyByCode.get(code)?.minorUnits ?? 2,
    moment: (at: number, timeZone: string): string => shortDateTime(at, timeZone, language),
    /** A file's size ('840 kB', '1.2 MB'). */
    size: (bytes: number): string =>
      bytes < 1_000_000
        ? new Intl.NumberFormat(language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1000)))
        : new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1_000_000),
  };
}

export type ConsoleWriters = Awaited<ReturnType<typeof consoleWriters>>;

/** Moments that belong to no venue (an after-sales case's steps) are written in the support desk's zone, Hong Kong. */
export const SUPPORT_TIME_ZONE = "Asia/Hong_Kong";

/** An instant as an <input type="datetime-local"> value in the venue's time zone ('2026-12-12T19:30'). */
export function wallTimeValue(at: number, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * A delivery as the console shows it: its state, deadline, the details given so far (pickup,
 * shipping, transfer, redemption, e-ticket files; the pickup code only where the domain shows
 * it, which is never to the provider) and the timeline.
 */
function deliveryFacts(delivery: DeliveryView, timeZone: string, write: ConsoleWriters) {
  const pickup = delivery.pickup;
  return {
    method: delivery.method,
    state: delivery.state,
    due: delivery.dueAt === null ? null : { at: write.moment(delivery.dueAt, timeZone), overdue: delivery.overdue },
    details: {
      pickup: pickup
        ? {
            code: pickup.code,
            at: pickup.at === null ? null : write.moment(pickup.at, timeZone),
            location: pickup.location,
            remark: pickup.remark,
            providerPhone: pickup.providerPhone,
            closesAt: pickup.at === null ? null : write.moment(pickup.closesAt, timeZone),
          }
        : null,
      shipping: delivery.shipping ? { carrier: delivery.shipping.carrier, trackingNo: delivery.shipping.trackingNo } : null,
      transfer: delivery.transfer,
      redemption: delivery.redemption,
      files: (delivery.eTicket?.files ?? []).map((file) => ({ id: file.id, fileName: file.fileName, size: write.size(file.size) })),
    },
    timeline: delivery.timeline.map((event) => ({
      state: event.state,
      fromState: event.fromState,
      actor: event.actor,
      note: event.note,
      at: write.moment(event.at, timeZone),
    })),
  };
}

/**
 * One order as both consoles show it (a provider's view, or support's, which has the same
 * fields): the event, the tickets, what was paid, how to reach the buyer, and the delivery.
 */
export function orderFacts(order: Omit<ProviderOrderView, "actions">, write: ConsoleWriters) {
  const timeZone = order.event.timeZone;
  const address = order.shippingAddress;
  return {
    id: order.id,
    orderNo: order.orderNo,
    event: { title: order.event.title, when: write.moment(order.event.startsAt, timeZone), venue: order.event.venueName, venueAddress: order.event.venueAddress },
    tickets: { section: order.tickets.section, rowLabel: order.tickets.rowLabel, quantity: order.quantity, seats: order.tickets.seats },
    total: write.money(order.total.amount, order.total.currency),
    paidAt: order.paidAt === null ? null : write.moment(order.paidAt, timeZone),
    seller: order.seller.nickname,
    contact: { email: order.contact.email, phone: `+${order.contact.phoneCode} ${order.contact.phone}` },
    shippingAddress: address
      ? {
          name: `${address.fullName} · +${address.phoneCode} ${address.phone}`,
          line: [address.address, address.addressRemark, address.district, address.city, address.province, address.countryRegion, address.postalCode]
            .filter(Boolean)
            .join(", "),
        }
      : null,
    delivery: deliveryFacts(order.delivery, timeZone, write),
  };
}

export type OrderFacts = ReturnType<typeof orderFacts>;
