/**
 * My coupons (SPEC §2 promoCode /promo-code-list, login): the coupons the buyer has claimed,
 * in three tabs (available, unavailable with the reason, used), and a form to claim a code.
 * ?returnTo= (from /select-coupon) goes back there once a code is claimed. The code is checked
 * by the action alone (docs/decisions.md 166, 283): whether it exists only the server can say,
 * and the page does not carry a schema, its parser or the coupon module for the one rule left.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { CouponList } from "~/components/coupon-card";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { FieldFrame } from "~/components/field/field-frame";
import { actionReply, repliedFormProps, repliedInputProps } from "~/components/field/action-reply";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser, safeRedirectTo } from "~/server/auth.server";
import { couponCards } from "~/server/coupon-card.server";
import { redirectWithToast } from "~/server/toast.server";
import { claimCoupon, claimCouponSchema, listMyCoupons } from "@market/coupons";
import { CODES, MarketError } from "@market/errors";
import styles from "~/styles/coupon-lists.module.css";
import type { Route } from "./+types/promo-code-list";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["coupon"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

const TABS = ["available", "unavailable", "used"] as const;
type Tab = (typeof TABS)[number];

function returnToOf(value: string | null): string | null {
  return value && safeRedirectTo(value, "") === value ? value : null;
}

function tabOf(state: string): Tab {
  if (state === "available") return "available";
  return state === "used" ? "used" : "unavailable";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const params = new URL(request.url).searchParams;
  const tab: Tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "available";
  const [mine, t] = await Promise.all([listMyCoupons(market), i18nServer.getFixedT(market.viewer.language, ["coupon", "common"])]);
  const cards = await couponCards(market, t, mine);
  const counts = { available: 0, unavailable: 0, used: 0 };
  for (const card of cards) counts[tabOf(card.state)] += 1;
  return data({
    title: `${t("coupon:list.title")} · ${t("common:appName")}`,
    tab,
    counts,
    cards: cards.filter((card) => tabOf(card.state) === tab),
    returnTo: returnToOf(params.get("returnTo")),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const returnTo = returnToOf(new URL(request.url).searchParams.get("returnTo"));
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: claimCouponSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  switch (formData.get("intent")) {
    case "claim":
      try {
        await claimCoupon(context.market, submission.value.code);
        return redirectWithToast(returnTo ?? "/promo-code-list", { kind: "success", key: "coupon:toast.claimed" });
      } catch (error) {
        if (error instanceof MarketError && error.code === CODES.clientOperateFail) {
          return data({ result: submission.reply({ fieldErrors: { code: [error.messageKey] } }) }, { status: 400 });
        }
        throw error;
      }
    default:
      return data({ result: submission.reply({ formErrors: ["errors:invalidParam"] }) }, { status: 400 });
  }
}

export default function PromoCodeList() {
  const { tab, counts, cards, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("coupon");
  const { form, fields } = actionReply("claim-coupon", actionData?.result, ["code"]);
  const claiming = navigation.state === "submitting";
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  const tabHref = (name: Tab) => `/promo-code-list?${new URLSearchParams({ tab: name, ...(returnTo ? { returnTo } : {}) })}`;

  return (
    <>
      <PageHeader title={t("list.title")} fallback={returnTo ?? "/mine"} />
      <main className={styles.page}>
        <Form method="post" {...repliedFormProps(form)} className={styles.claim}>
          <FieldFrame look={{ label: styles.claimLabel, error: styles.error }} id={fields.code.id} label={t("list.claimLabel")} error={error ? t(error) : null} errorId={fields.code.errorId} errorRole="alert">
            <div className={styles.claimRow} data-invalid={error ? "" : undefined}>
              <input
                {...repliedInputProps(fields.code, "text")}
                required
                className={styles.claimInput}
                placeholder={t("list.claimPlaceholder")}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
              />
              <button type="submit" name="intent" value="claim" className={styles.claimButton} disabled={claiming}>
                {claiming ? t("list.claiming") : t("list.claim")}
              </button>
            </div>
          </FieldFrame>
        </Form>

        <nav className={styles.tabs} aria-label={t("list.title")}>
          {TABS.map((name) => (
            <Link key={name} to={tabHref(name)} replace className={styles.tab} aria-current={tab === name ? "page" : undefined}>
              {t(`list.tabs.${name}`)}
              <span className={styles.tabCount}>{counts[name]}</span>
            </Link>
          ))}
        </nav>

        {cards.length === 0 ? (
          <section className={styles.empty}>
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <path d="M24 36a4 4 0 0 0 4-4h40a4 4 0 0 0 4 4v6a6 6 0 0 0 0 12v6a4 4 0 0 0-4 4H28a4 4 0 0 0-4-4v-6a6 6 0 0 0 0-12Z" fill="var(--color-brand)" />
              <path d="m40 56 16-16" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
              <circle cx="41" cy="41" r="3" fill="#fff" />
              <circle cx="55" cy="55" r="3" fill="#fff" />
            </svg>
            <h2 className={styles.emptyTitle}>{t("list.emptyTitle")}</h2>
            <p className={styles.emptyBody}>{t(tab === "available" ? "list.emptyAvailable" : "list.emptyOther")}</p>
          </section>
        ) : (
          <CouponList coupons={cards} className={styles.list} />
        )}
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
