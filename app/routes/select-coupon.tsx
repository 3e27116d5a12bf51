/**
 * Select a coupon (SPEC §2 selectCoupon /select-coupon?listingId=&quantity=&returnTo=): the
 * buyer's coupons for the order being confirmed, those it can use with what each saves (best
 * first) and those it cannot with the reason. Choosing one goes back to returnTo with
 * ?couponId=; 'Don't use a coupon' goes back without it. Plain links: no JavaScript needed.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { CouponList } from "~/components/coupon-card";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser, safeRedirectTo } from "~/server/auth.server";
import { couponCards } from "~/server/coupon-card.server";
import { loadReference } from "@market/reference";
import { couponsForOrder, prospectiveOrderSchema } from "@market/coupons";
import { formatMoney } from "@market/money";
import styles from "~/styles/coupon-lists.module.css";
import type { Route } from "./+types/select-coupon";
import { isMissing, notFoundResponse } from "~/server/refusal.server";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["coupon"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/** `path` with `name` set to `value`, or removed when value is null. */
function withParam(path: string, name: string, value: string | number | null): string {
  const url = new URL(path, "https://ovation.invalid");
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, String(value));
  return `${url.pathname}${url.search}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const params = new URL(request.url).searchParams;
  const order = prospectiveOrderSchema.safeParse({ listingId: params.get("listingId"), quantity: params.get("quantity") });
  if (!order.success) throw data(null, { status: 404 });
  const rawReturn = params.get("returnTo");
  const returnTo =
    rawReturn && safeRedirectTo(rawReturn, "") === rawReturn
      ? rawReturn
      : `/confirm-order?${new URLSearchParams({ listingId: String(order.data.listingId), quantity: String(order.data.quantity) })}`;
  const [found, t, reference] = await Promise.all([
    couponsForOrder(market, order.data).catch((error: unknown) => {
      if (isMissing(error)) throw notFoundResponse();
      throw error;
    }),
    i18nServer.getFixedT(market.viewer.language, ["coupon", "common"]),
    loadReference(market),
  ]);
  const [available, unavailable] = await Promise.all([
    couponCards(market, t, found.available, found.currencyCode),
    couponCards(market, t, found.unavailable, found.currencyCode),
  ]);
  const trade = reference.currencyByCode.get(found.currencyCode);
  const chosen = Number(new URL(returnTo, "https://ovation.invalid").searchParams.get("couponId")) || null;
  return data({
    title: `${t("coupon:select.title")} · ${t("common:appName")}`,
    summary: t("coupon:select.summary", {
      amount: formatMoney(found.ticketAmount, { code: found.currencyCode, symbol: trade?.symbol ?? found.currencyCode, minorUnits: trade?.minorUnits ?? 2 }, market.viewer.language),
    }),
    available: available.map((card) => ({ ...card, href: withParam(returnTo, "couponId", card.id) })),
    unavailable,
    chosen,
    noneHref: withParam(returnTo, "couponId", null),
    claimHref: `/promo-code-list?${new URLSearchParams({ returnTo: `${new URL(request.url).pathname}${new URL(request.url).search}` })}`,
  });
}

export default function SelectCoupon() {
  const { summary, available, unavailable, chosen, noneHref, claimHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation("coupon");
  return (
    <>
      <PageHeader title={t("select.title")} fallback={noneHref}>
        <Link to={claimHref} className={styles.headerLink}>
          {t("select.add")}
        </Link>
      </PageHeader>
      <main className={styles.page}>
        <p className={styles.summary}>{summary}</p>
        {available.length === 0 && unavailable.length === 0 ? (
          <section className={styles.empty}>
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <path d="M24 36a4 4 0 0 0 4-4h40a4 4 0 0 0 4 4v6a6 6 0 0 0 0 12v6a4 4 0 0 0-4 4H28a4 4 0 0 0-4-4v-6a6 6 0 0 0 0-12Z" fill="var(--color-brand)" />
            </svg>
            <h2 className={styles.emptyTitle}>{t("select.emptyTitle")}</h2>
            <p className={styles.emptyBody}>{t("select.emptyBody")}</p>
            <Link to={claimHref} className={styles.secondaryButton}>
              {t("select.add")}
            </Link>
          </section>
        ) : null}
        {available.length > 0 ? (
          <TitledSection id="coupons-available" title={t("select.available", { count: available.length })} className={styles.section} titleClassName={styles.sectionTitle}>
            <CouponList
              coupons={available}
              className={styles.list}
              action={(card) => (
                <Link to={card.href} className={styles.useButton} aria-current={chosen === card.id ? "true" : undefined}>
                  {t("select.use")}
                </Link>
              )}
            />
          </TitledSection>
        ) : null}
        {unavailable.length > 0 ? (
          <TitledSection id="coupons-unavailable" title={t("select.unavailable", { count: unavailable.length })} className={styles.section} titleClassName={styles.sectionTitle}>
            <CouponList coupons={unavailable} className={styles.list} />
          </TitledSection>
        ) : null}
        <div className={styles.footer}>
          <Link to={noneHref} className={styles.noneButton}>
            {t("select.none")}
          </Link>
        </div>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
