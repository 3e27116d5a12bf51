/**
 * confirmOrder (/confirm-order?listingId=&quantity=[&addressId=&couponId=], SPEC §2, login):
 * the tickets and their all-in price details, the delivery method, how the seller reaches the
 * buyer (email, and a mobile number with its area code), the shipping address for EXPRESS, a
 * coupon, and Place order. Placing opens the pay modal (?sheet=pay&orderId=…), whose Pay starts
 * the payment and goes on to the provider's page.
 *
 * SPEC §4's refusals are shown in the viewer's language: an unpaid order for the same session
 * asks to cancel it and re-order (?confirm=reorder&previousOrderId=…, a confirm dialog whose
 * form cancels it and places the order again with that order's contact details); several
 * unpaid orders point to My Orders; sold out and not on sale say so.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext, Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AppDownloadPrompt } from "~/components/app-download-prompt";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { PaySheet } from "~/components/pay-sheet";
import { SheetTrigger, useSheet } from "~/components/sheet";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { refusalText, requireUser } from "~/server/auth.server";
import { moneyWriter } from "~/server/money-writer.server";
import { payableOf, payFromForm, payMethodOf } from "~/server/pay-order.server";
import { getAddress, type AddressView } from "@market/addresses/address-book";
import { loadReference } from "@market/catalog/reference";
import { quoteCoupon } from "@market/coupons/my-coupons";
import { CODES, MarketError } from "@market/errors";
import { quoteListing, type QuotePrice } from "@market/listings/quote";
import { convert } from "@market/money";
import { cancelOrder, createOrder, createOrderSchema, getOrder, type ShippingAddress } from "@market/orders";
import { payReturnUrl } from "@market/payments";
import { admissionTokenOf } from "~/server/demand.server";
import styles from "./confirm-order.module.css";
import type { Route } from "./+types/confirm-order";

export const handle = { i18n: ["order", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The page's address: which tickets, and what the address book, coupons and pay modal chose. */
const querySchema = z.object({
  listingId: id,
  quantity: z.coerce.number().int().min(1).max(50),
  addressId: id.optional(),
  couponId: id.optional(),
  orderId: id.optional(),
  previousOrderId: id.optional(),
});
type ConfirmQuery = z.infer<typeof querySchema>;

function queryOf(request: Request): ConfirmQuery {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = querySchema.safeParse(params);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

/** This page for the same tickets (and chosen address and coupon), with `extra` set. */
function pageHref(query: ConfirmQuery, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams({ listingId: String(query.listingId), quantity: String(query.quantity) });
  if (query.addressId) params.set("addressId", String(query.addressId));
  if (query.couponId) params.set("couponId", String(query.couponId));
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return `/confirm-order?${params}`;
}

/** The domain's 'not found' as the web's 404. */
function notFoundAsResponse(error: unknown): never {
  if (error instanceof MarketError && error.status === 404) throw new Response("Not found", { status: 404 });
  throw error;
}

/** Another account's (or a missing) record reads as absent, not as an error page. */
function absentIfNotFound(error: unknown): null {
  if (error instanceof MarketError && error.status === 404) return null;
  throw error;
}

function priceLines(price: QuotePrice, write: (amount: number, code: string) => string) {
  const line = (key: string, amount: number) => ({ key, amount, text: write(amount, price.currency) });
  return {
    lines: [
      line("ticketPrice", price.ticketPrice),
      line("serviceFee", price.serviceFee),
      line("vat", price.vat),
      line("paymentGatewayFee", price.paymentGatewayFee),
      line("additionalFees", price.additionalFees),
      line("shippingFee", price.shippingFee),
    ].filter((entry) => entry.key === "ticketPrice" || entry.key === "serviceFee" || entry.amount > 0),
    unitAllIn: write(price.unitAllIn, price.currency),
    unitFaceValue: write(price.unitFaceValue, price.currency),
    total: write(price.total, price.currency),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const query = queryOf(request);
  const [quote, write, order, address, previous, coupon, t] = await Promise.all([
    quoteListing(ctx, query).catch(notFoundAsResponse),
    moneyWriter(context),
    query.orderId ? getOrder(ctx, query.orderId).catch(absentIfNotFound) : null,
    query.addressId ? getAddress(ctx, query.addressId).catch(absentIfNotFound) : null,
    query.previousOrderId ? getOrder(ctx, query.previousOrderId).catch(absentIfNotFound) : null,
    // A coupon that is not the buyer's, or cannot be used on these tickets, is simply not shown.
    query.couponId
      ? quoteCoupon(ctx, { listingId: query.listingId, quantity: query.quantity, couponId: query.couponId }).catch((error: unknown) => {
          if (error instanceof MarketError && error.status < 500) return null;
          throw error;
        })
      : null,
    i18nServer.getFixedT(ctx.viewer.language, "order"),
  ]);
  // A paid order has nothing left to do here: its success page says so.
  if (order?.status === "paid") {
    const success = new URL(payReturnUrl(new URL(request.url).origin, order));
    throw redirect(`${success.pathname}${success.search}`);
  }

  const when = sessionTime(quote.event.startsAt, quote.event.timeZone, ctx.viewer.language);
  // The chosen coupon comes off what placing the order charges, so the total shown is that total.
  const charged = quote.price.total - (coupon?.discount ?? 0);
  const chargedShown = await chargedInDisplay(context, quote, charged);
  const display = priceLines({ ...quote.displayPrice, total: chargedShown }, write);
  const trade = quote.price.currency === quote.displayPrice.currency ? null : write(charged, quote.price.currency);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;

  return data(
    {
      pageTitle: t("confirm.metaTitle"),
      quote: {
        listingId: quote.listingId,
        quantity: quote.quantity,
        event: quote.event,
        tickets: quote.tickets,
        deliveryMethod: quote.deliveryMethod,
        onSale: quote.onSale,
        ticketsLeft: quote.ticketsLeft,
        phoneCodes: quote.phoneCodes,
        defaultPhoneCode: quote.defaultPhoneCode,
        exchangeRate: quote.exchangeRate,
        tradeCurrency: quote.price.currency,
        displayCurrency: quote.displayPrice.currency,
      },
      when: { iso: when.iso, date: when.date, time: when.time },
      price: display,
      tradeTotal: trade,
      address: address ? addressLine(address) : null,
      couponDiscount: coupon && coupon.discount > 0 ? `−${write(coupon.discount, coupon.currencyCode)}` : null,
      // The coupon's own line in the price details, in the currency the lines are shown in.
      couponLine: chargedShown < quote.displayPrice.total ? `−${write(quote.displayPrice.total - chargedShown, quote.displayPrice.currency)}` : null,
      links: {
        address: `/address-list?${new URLSearchParams({ returnTo: pageHref({ ...query, addressId: undefined }) })}`,
        coupon: `/select-coupon?${new URLSearchParams({ listingId: String(query.listingId), quantity: String(query.quantity), returnTo: pageHref({ ...query, couponId: undefined }) })}`,
        here,
      },
      contact: previous?.contact ?? null,
      previous: previous && previous.actions.cancel ? { id: previous.id, orderNo: previous.orderNo } : null,
      payable: order && order.actions.pay ? payableOf(order, write) : null,
      payMethod: payMethodOf(request),
    },
    { headers: { "cache-control": "no-store" } },
  );
}

/** `charged` (trade currency) in the viewer's currency, converted as the order records it. */
async function chargedInDisplay(context: AppLoadContext, quote: { price: QuotePrice; displayPrice: QuotePrice }, charged: number) {
  if (charged === quote.price.total) return quote.displayPrice.total;
  const reference = await loadReference(context.market);
  const trade = reference.currencyByCode.get(quote.price.currency);
  const display = reference.currencyByCode.get(quote.displayPrice.currency);
  if (!trade || !display) throw new Error(`no rate for ${quote.price.currency} or ${quote.displayPrice.currency}`);
  return convert(charged, trade, display);
}

function addressLine(address: AddressView) {
  return {
    name: `${address.fullName} · +${address.phoneCode} ${address.phone}`,
    line: [address.address, address.district, address.city, address.province, address.countryRegion].filter(Boolean).join(", "),
  };
}

function shippingOf(address: AddressView | null): ShippingAddress | undefined {
  if (!address) return undefined;
  return {
    fullName: address.fullName,
    phoneCode: address.phoneCode,
    phone: address.phone,
    countryRegion: address.countryRegion,
    province: address.province,
    city: address.city,
    district: address.district,
    address: address.address,
    addressRemark: address.addressRemark,
    postalCode: address.postalCode,
  };
}

/** The address the buyer chose in the address book, if it is theirs. */
async function chosenAddress(context: AppLoadContext, query: ConfirmQuery) {
  return query.addressId ? getAddress(context.market, query.addressId).catch(absentIfNotFound) : null;
}

function toInput(shipping: ShippingAddress | undefined) {
  return shipping
    ? { ...shipping, district: shipping.district ?? undefined, addressRemark: shipping.addressRemark ?? undefined, postalCode: shipping.postalCode ?? undefined }
    : undefined;
}

type Refusal = "sameSession" | "tooMany" | "other";

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const query = queryOf(request);
  const formData = await request.formData();

  switch (formData.get("intent")) {
    case "place-order": {
      // The tickets are the page's address, whatever the form says.
      formData.set("listingId", String(query.listingId));
      formData.set("quantity", String(query.quantity));
      const submission = parseWithZod(formData, { schema: createOrderSchema });
      if (submission.status !== "success") return data({ result: submission.reply(), refusal: null, payError: null }, { status: 400 });
      const address = await chosenAddress(context, query);
      try {
        const order = await createOrder(ctx, {
          ...submission.value,
          listingId: query.listingId,
          quantity: query.quantity,
          shippingAddress: toInput(shippingOf(address)),
          couponId: query.couponId,
          admissionToken: await admissionTokenOf(request),
        });
        return redirect(pageHref(query, { orderId: order.id, sheet: "pay" }));
      } catch (error) {
        if (error instanceof MarketError && error.code === CODES.orderUnpaidSameSession) {
          const previousOrderId = Number((error.data as { previousOrderId?: number } | undefined)?.previousOrderId);
          return redirect(pageHref(query, { previousOrderId, confirm: "reorder" }));
        }
        const refusal: Refusal = error instanceof MarketError && error.code === CODES.orderUnpaidTooMany ? "tooMany" : "other";
        const message = await refusalText(error, context);
        return data({ result: submission.reply({ formErrors: [message] }), refusal, payError: null }, { status: 400 });
      }
    }
    case "reorder": {
      // 'Cancel the previous order and re-order' (SPEC §4): the same buyer, moments later, so
      // the previous order's contact details stand.
      const previousOrderId = id.safeParse(formData.get("previousOrderId"));
      if (!previousOrderId.success) throw new Response("Bad request", { status: 400 });
      try {
        const previous = await cancelOrder(ctx, previousOrderId.data);
        const address = await chosenAddress(context, query);
        const order = await createOrder(ctx, {
          listingId: query.listingId,
          quantity: query.quantity,
          contactEmail: previous.contact.email,
          contactPhoneCode: previous.contact.phoneCode,
          contactPhone: previous.contact.phone,
          shippingAddress: toInput(shippingOf(address) ?? previous.shippingAddress ?? undefined),
          couponId: query.couponId,
          admissionToken: await admissionTokenOf(request),
        });
        return redirect(pageHref(query, { orderId: order.id, sheet: "pay" }));
      } catch (error) {
        if (error instanceof MarketError && error.status === 404) throw new Response("Not found", { status: 404 });
        const message = await refusalText(error, context);
        return data({ result: { status: "error" as const, error: { "": [message] } } satisfies SubmissionResult<string[]>, refusal: "other" as Refusal, payError: null }, { status: 400 });
      }
    }
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
  const { quote, when, price, tradeTotal, address, links, payable, previous, contact } = loaderData;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["order", "errors"]);
  const navigation = useNavigation();
  const location = useLocation();
  const pay = useSheet("pay");
  const lastResult = actionData?.result ?? undefined;
  const [form, fields] = useForm({
    id: "confirm-order",
    lastResult: lastResult as SubmissionResult<string[]> | undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      contactEmail: contact?.email ?? "",
      contactPhoneCode: contact?.phoneCode ?? quote.defaultPhoneCode,
      contactPhone: contact?.phone ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createOrderSchema }),
  });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "place-order";
  const express = quote.deliveryMethod === "EXPRESS";
  const refusal = actionData?.refusal ?? null;
  const formError = form.errors?.[0];
  const seats = quote.tickets.rowLabel
    ? t("confirm.seatsRow", { section: quote.tickets.section, row: quote.tickets.rowLabel })
    : t("confirm.seats", { section: quote.tickets.section });
  const fieldError = (errors: string[] | undefined) => (errors?.[0] ? t(errors[0], { ns: "errors" }) : null);
  const emailError = fieldError(fields.contactEmail.errors);
  const phoneError = fieldError(fields.contactPhone.errors) ?? fieldError(fields.contactPhoneCode.errors);
  const addressMissing = formError === t("order.addressRequired", { ns: "errors" });

  return (
    <div className={styles.page}>
      <PageHeader title={t("confirm.title")} fallback={`/tourDetail?id=${quote.event.tourId}`} />
      <main className={styles.main}>
        <section className={styles.event} aria-label={quote.event.title}>
          <p className={styles.kicker}>{quote.event.artist}</p>
          <h2 className={styles.title} data-testid="event-title">
            {quote.event.title}
          </h2>
          <p className={styles.when}>
            <time dateTime={when.iso}>
              {when.date} · {when.time}
            </time>
          </p>
          <p className={styles.venue}>{quote.event.venueName}</p>
          <div className={styles.ticketRow}>
            <span className={styles.seats}>{seats}</span>
            <span className={styles.count}>{t("confirm.tickets", { count: quote.quantity })}</span>
          </div>
          <p className={styles.together}>{quote.tickets.seatsTogether ? t("confirm.together") : t("confirm.notTogether")}</p>
        </section>

        {!quote.onSale ? (
          <p className={styles.banner} role="alert" data-testid="not-on-sale">
            {t("confirm.notOnSale")}
          </p>
        ) : null}

        <Form method="post" {...getFormProps(form)} className={styles.form}>
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

          {express ? (
            <section className={styles.card} aria-labelledby="address-title">
              <h3 id="address-title" className={styles.cardTitle}>
                {t("confirm.addressTitle")}
              </h3>
              <Link to={links.address} className={styles.linkRow} data-invalid={addressMissing || undefined}>
                {address ? (
                  <span className={styles.address}>
                    <strong>{address.name}</strong>
                    <span>{address.line}</span>
                  </span>
                ) : (
                  <span className={styles.placeholder}>{t("confirm.addressSelect")}</span>
                )}
                <Chevron />
              </Link>
            </section>
          ) : null}

          <section className={styles.card} aria-labelledby="contact-title">
            <h3 id="contact-title" className={styles.cardTitle}>
              {t("confirm.contactTitle")}
            </h3>
            <p className={styles.note}>{t("confirm.contactNote")}</p>
            <label className={styles.label} htmlFor={fields.contactEmail.id}>
              {t("confirm.email")}
            </label>
            <input
              {...getInputProps(fields.contactEmail, { type: "email" })}
              key={fields.contactEmail.key}
              className={styles.input}
              placeholder={t("confirm.emailPlaceholder")}
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
            />
            {emailError ? (
              <p className={styles.error} id={fields.contactEmail.errorId} role="alert">
                {emailError}
              </p>
            ) : null}
            <label className={styles.label} htmlFor={fields.contactPhone.id}>
              {t("confirm.phone")}
            </label>
            <div className={styles.phone}>
              <select {...getSelectProps(fields.contactPhoneCode)} key={fields.contactPhoneCode.key} className={styles.select} aria-label={t("confirm.phoneCode")}>
                {quote.phoneCodes.map((code) => (
                  <option key={code.code} value={code.code}>
                    {code.label}
                  </option>
                ))}
              </select>
              <input
                {...getInputProps(fields.contactPhone, { type: "tel" })}
                key={fields.contactPhone.key}
                className={styles.input}
                placeholder={t("confirm.phonePlaceholder")}
                autoComplete="tel-national"
                inputMode="numeric"
              />
            </div>
            {phoneError ? (
              <p className={styles.error} id={fields.contactPhone.errorId} role="alert">
                {phoneError}
              </p>
            ) : null}
          </section>

          <section className={styles.card}>
            <Link to={links.coupon} className={styles.linkRow}>
              <span className={styles.rowLabel}>{t("confirm.couponTitle")}</span>
              <span className={styles.rowValue}>{loaderData.couponDiscount ?? t("confirm.couponSelect")}</span>
              <Chevron />
            </Link>
          </section>

          <section className={styles.card} aria-labelledby="price-title">
            <h3 id="price-title" className={styles.cardTitle}>
              {t("confirm.priceTitle")}
            </h3>
            <p className={styles.allIn}>
              {t("confirm.allInEach", { price: price.unitAllIn })}
              <span className={styles.face}>{t("confirm.faceValue", { price: price.unitFaceValue })}</span>
            </p>
            <dl className={styles.prices}>
              {price.lines.map((line) => (
                <div key={line.key} className={styles.priceLine}>
                  <dt>{t(`confirm.${line.key}`)}</dt>
                  <dd>{line.text}</dd>
                </div>
              ))}
              {loaderData.couponLine ? (
                <div className={styles.priceLine}>
                  <dt>{t("confirm.couponDiscount")}</dt>
                  <dd data-testid="coupon-discount">{loaderData.couponLine}</dd>
                </div>
              ) : null}
              <div className={`${styles.priceLine} ${styles.totalLine}`}>
                <dt>{t("confirm.total")}</dt>
                <dd data-testid="total">{price.total}</dd>
              </div>
            </dl>
            {tradeTotal ? (
              <p className={styles.note}>
                {t("confirm.tradeNote", {
                  currency: quote.tradeCurrency,
                  amount: tradeTotal,
                  trade: quote.tradeCurrency,
                  rate: quote.exchangeRate,
                  display: quote.displayCurrency,
                })}
              </p>
            ) : null}
          </section>

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
        <PaySheet
          sheet={pay}
          order={payable}
          action={links.here}
          defaultMethod={loaderData.payMethod}
          error={actionData?.payError ?? null}
          open={Boolean(actionData?.payError)}
        />
      ) : null}
    </div>
  );
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true">
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
