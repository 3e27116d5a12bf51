/**
 * confirmOrder (/confirm-order?listingId=&quantity=[&addressId=&couponId=], SPEC §2, login):
 * the tickets and their all-in price details, the delivery method, how the seller reaches the
 * buyer (prefilled from the account, the last order or the default address), the shipping
 * address for EXPRESS, a coupon, and Place order (while the session's queue is on, behind the
 * bot check, whose widget stands above it). Placing opens the pay modal
 * (?sheet=pay&orderId=…), whose Pay starts the payment and goes on to the provider's page.
 *
 * SPEC §4's refusals are shown in the viewer's language: an unpaid order for the same session
 * asks to cancel it and re-order (?confirm=reorder&previousOrderId=…); several unpaid orders
 * point to My Orders; tickets sold meanwhile are said at the top, with the next best listings
 * of the session instead of Place order; not on sale says so. The view is built in
 * market/orders/confirm-view.ts; route.server.ts beside this file shapes it for the page and
 * holds the ordering forms.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { laterPart } from "~/components/later-part";
import { lazy, Suspense } from "react";
import { AppDownloadPrompt } from "~/components/app-download-prompt";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { CONTACT_FIELDS, ContactCard } from "./contact-card";
import { actionReply } from "~/components/field/action-reply";
import { PriceCard } from "./price-card";
import { AddressCard, Chevron, EventSummary } from "./summary";
import { SoldOut } from "./sold-out";
import styles from "./styles.module.css";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { SheetTrigger, useSheet } from "~/components/sheet-trigger";
import { confirmOrderView } from "@market/orders/confirm-view";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { botCheckOnPage } from "~/server/demand.server";
import { readForm } from "~/server/form.server";
import { moneyWriter } from "~/server/money-writer.server";
import { payFromForm } from "~/server/pay-order.server";
import { notFoundPage } from "~/server/refusal.server";
import type { Route } from "./+types/route";
import { confirmPageOf, confirmQueryOf, paidOrderPage, placeOrderFromForm, reorderFromForm } from "./route.server";

/** The pay sheet (methods, wallets, the pay form) comes alive after the page is interactive (decision 317). */
const PaySheet = laterPart(() => import("~/components/pay-sheet"));

export const handle = { i18n: ["order", "errors"] };

/** The bot check's widget, fetched only by a page that draws it (a hot session's), off every other checkout's first load. */
const BotCheck = lazy(() => import("~/components/bot-check").then((module) => ({ default: module.BotCheck })));

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const query = confirmQueryOf(request);
  const { language } = context.market.viewer;
  const write = await moneyWriter(context);
  const [view, t] = await Promise.all([
    // A listing that does not exist is not found.
    confirmOrderView(context.market, query, write).catch(notFoundPage),
    i18nServer.getFixedT(language, "order"),
  ]);
  // A paid order has nothing left to do here: its success page says so.
  if (view.order?.status === "paid") throw redirect(paidOrderPage(request, view.order));
  // A session's purchase limit stands while its queue is on, and so does the bot check at Place order.
  const botCheck = view.ticketLimit === null ? { widget: null, headers: new Headers() } : botCheckOnPage(context);
  botCheck.headers.set("cache-control", "no-store");
  const page = confirmPageOf(request, query, view, language, write);
  return data({ pageTitle: t("confirm.metaTitle"), ...page, botCheck: view.ticketLimit === null ? null : { widget: botCheck.widget } }, { headers: botCheck.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const query = confirmQueryOf(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "place-order":
      return placeOrderFromForm(request, formData, query, context);
    case "reorder":
      return reorderFromForm(request, formData, query, context);
    case "pay": {
      const paid = await payFromForm(formData, request, context);
      if (!("payError" in paid)) return paid;
      return data({ result: null, refusal: null, payError: paid.payError }, { status: 400, headers: paid.headers });
    }
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function ConfirmOrderPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { quote, when, price, address, links, payable, previous, contact, soldOut } = loaderData;
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation(["order", "errors"]);
  const navigation = useNavigation();
  const location = useLocation();
  const pay = useSheet("pay");
  const lastResult = actionData?.result ?? undefined;
  // The action alone validates (docs/decisions.md 166): the order schema stays on the server.
  const { form, fields } = actionReply("confirm-order", lastResult as SubmissionResult<string[]> | undefined, CONTACT_FIELDS, {
    contactEmail: contact.email,
    contactPhoneCode: contact.phoneCode,
    contactPhone: contact.phone,
  });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "place-order";
  const refusal = actionData?.refusal ?? null;
  const formError = form.errors?.[0];
  const seats = quote.tickets.rowLabel
    ? t("confirm.seatsRow", { section: quote.tickets.section, row: quote.tickets.rowLabel })
    : t("confirm.seats", { section: quote.tickets.section });
  const addressMissing = refusal === "addressMissing";

  return (
    <div className={styles.page}>
      <PageHeader title={t("confirm.title")} fallback={`/tourDetail?id=${quote.event.tourId}`} />
      <main className={styles.main}>
        {soldOut ? <SoldOut alternatives={loaderData.alternatives} quantity={quote.quantity} sessionHref={links.session} /> : null}
        <EventSummary event={quote.event} when={when} seats={seats} quantity={quote.quantity} together={quote.tickets.seatsTogether} />

        {!quote.onSale ? (
          <p className={styles.banner} role="alert" data-testid="not-on-sale">
            {t("confirm.notOnSale")}
          </p>
        ) : null}

        {soldOut ? null : (
          <Form method="post" id={form.id} noValidate className={styles.form}>
            {/* The shared schema checks the tickets too (the action takes them from the address). */}
            <input type="hidden" name="listingId" value={quote.listingId} />
            <input type="hidden" name="quantity" value={quote.quantity} />
            <section className={styles.card}>
              <div className={styles.row}>
                <span className={styles.rowLabel}>{t("confirm.delivery")}</span>
                <span className={styles.rowValue} data-testid="delivery">
                  {t(`delivery.${quote.deliveryMethod}`)}
                </span>
              </div>
            </section>

            {quote.deliveryMethod === "EXPRESS" ? <AddressCard href={links.address} address={address} missing={addressMissing} /> : null}
            <ContactCard fields={fields} phoneCodes={quote.phoneCodes} />

            <section className={styles.card}>
              <Link to={links.coupon} className={styles.linkRow}>
                <span className={styles.rowLabel}>{t("confirm.couponTitle")}</span>
                <span className={styles.rowValue}>{loaderData.couponDiscount ?? t("confirm.couponSelect")}</span>
                <Chevron className={styles.chevron} />
              </Link>
            </section>

            <PriceCard price={price} couponLine={loaderData.couponLine} trade={loaderData.trade} />

            {loaderData.botCheck && !payable ? (
              loaderData.botCheck.widget ? (
                <Suspense fallback={null}>
                  <BotCheck
                    siteKey={loaderData.botCheck.widget.siteKey}
                    scriptUrl={loaderData.botCheck.widget.scriptUrl}
                    language={i18n.language}
                    noScript={t("confirm.botCheckNoScript")}
                    renewOn={actionData}
                  />
                </Suspense>
              ) : (
                <p className={styles.note} data-testid="bot-check-unavailable">
                  {t("confirm.botCheckUnavailable")}
                </p>
              )
            ) : null}

            {formError ? (
              <div className={styles.banner} role="alert" data-testid="refusal">
                <p>{addressMissing ? t("confirm.addressSelect") : formError}</p>
                {refusal === "tooMany" ? (
                  <Link to="/my-order" className={styles.bannerLink}>
                    {t("confirm.myOrders")}
                  </Link>
                ) : null}
              </div>
            ) : null}

            <AppDownloadPrompt />
            {loaderData.ticketLimit !== null ? (
              <p className={styles.note} data-testid="purchase-limit">
                {t("confirm.purchaseLimit", { count: loaderData.ticketLimit })}
              </p>
            ) : null}
            <p className={styles.note}>{t("confirm.holdNote")}</p>

            <div className={styles.bar}>
              <div className={styles.barTotal}>
                <span>{t("confirm.total")}</span>
                <strong>{price.total}</strong>
              </div>
              {payable ? (
                // The order is placed: the bar reopens its pay modal rather than placing another.
                <SheetTrigger sheet={pay} className={styles.submit}>
                  {t("pay.submit", { amount: payable.totalText })}
                </SheetTrigger>
              ) : (
                <button type="submit" name="intent" value="place-order" className={styles.submit} disabled={submitting || !quote.onSale}>
                  {submitting ? t("confirm.submitting") : t("confirm.submit")}
                </button>
              )}
            </div>
          </Form>
        )}
      </main>

      {previous ? (
        <div className={styles.reorder} role="status" data-testid="reorder">
          <p>{t("orderUnpaidSameSession", { ns: "errors" })}</p>
          <ConfirmDialog
            name="reorder"
            trigger={t("confirm.reorderConfirm")}
            triggerClassName={styles.bannerLink}
            title={t("confirm.reorderTitle")}
            message={t("confirm.reorderMessage", { orderNo: previous.orderNo })}
            confirmLabel={t("confirm.reorderConfirm")}
            action={`${location.pathname}${location.search}`}
          >
            <input type="hidden" name="intent" value="reorder" />
            <input type="hidden" name="previousOrderId" value={previous.id} />
          </ConfirmDialog>
        </div>
      ) : null}

      {payable ? (
        <PaySheet sheet={pay} order={payable} action={links.here} defaultMethod={loaderData.payMethod} error={actionData?.payError ?? null} open={Boolean(actionData?.payError)} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
