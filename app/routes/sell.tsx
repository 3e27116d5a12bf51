/**
 * Becoming a seller, from Me (/sell, signed in): the name buyers see, and whether the viewer
 * sells their own tickets as a fan or as a trader or organiser (decision 250). A fan gives
 * nothing else; a trader also the identity some markets' laws ask traders to show buyers. The
 * payout account is not asked here: it is its own step before the first payout (decision 251,
 * /provider/payouts). The first save opens the listing form; later ones return to the listings.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ChoiceCards, ChoiceFields } from "~/components/seller-choice";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { takeStep } from "~/server/console.server";
import { getSellerProfile, saveSellerProfile } from "@market/selling";
import { sellerProfileSchema } from "@market/selling/selling-schemas";
import type { Route } from "./+types/sell";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "selling", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }] : []);

const TRADER_FIELDS = [
  { name: "traderLegalName", autoComplete: "organization" },
  { name: "traderAddress", autoComplete: "street-address" },
  { name: "traderEmail", autoComplete: "email", type: "email" },
  { name: "traderPhone", autoComplete: "tel", type: "tel" },
  { name: "traderRegistrationNo", autoComplete: "off" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const [profile, t] = await Promise.all([getSellerProfile(context.market), i18nServer.getFixedT(context.market.viewer.language, "selling")]);
  const trader = profile?.trader;
  return data(
    {
      title: t(profile ? "seller.title" : "profile.title"),
      first: profile === null,
      form: {
        displayName: profile?.displayName ?? "",
        kind: profile?.kind ?? "private",
        traderLegalName: trader?.legalName ?? "",
        traderAddress: trader?.address ?? "",
        traderEmail: trader?.email ?? "",
        traderPhone: trader?.phone ?? "",
        traderRegistrationNo: trader?.registrationNo ?? "",
      },
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const posted = await readForm(request);
  const first = (await getSellerProfile(context.market)) === null;
  // Only the profile's own fields (the payout account is its own step), and a fan's trader
  // fields, hidden once they chose private, are not theirs to send.
  const trader = posted.get("kind") === "trader";
  const formData = new FormData();
  for (const [name, value] of posted) {
    if (value === "" || name.startsWith("account") || (!trader && name.startsWith("trader"))) continue;
    formData.append(name, value);
  }
  const fields = Object.fromEntries([...formData].filter(([name]) => name !== "intent"));
  return takeStep(context, {
    intent: "profile",
    redirectTo: first ? "/provider/listings/new" : "/provider/listings",
    submission: parseWithZod(formData, { schema: sellerProfileSchema }),
    // The domain parses the fields itself, with the same schema.
    run: () => saveSellerProfile(context.market, fields as never),
    toast: () => "selling:toast.profile",
    labels: Object.fromEntries(["displayName", "kind", ...TRADER_FIELDS.map((field) => field.name)].map((name) => [name, `selling:profile.${name}`])),
  });
}

export default function Sell() {
  const { form, first } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation("selling");
  return (
    <ConsoleLayout kind="provider" title={t(first ? "profile.title" : "seller.title")} back={first ? "/mine" : "/provider/listings"}>
      <p className={kit.hint}>{t("seller.intro")}</p>
      <StepForm intent="profile" schema={() => import("@market/selling/selling-schemas").then((schemas) => schemas.sellerProfileSchema)} submit={t(first ? "seller.saveFirst" : "seller.save")} reply={reply} defaultValue={form}>
        {(fields) => (
          <>
            <ConsoleField field={fields.displayName} label={t("profile.displayName")} autoComplete="nickname" />
            <ChoiceCards
              field={fields.kind}
              legend={t("profile.kind")}
              options={[
                { value: "private", label: t("seller.kindPrivate"), hint: t("seller.kindPrivateHint") },
                { value: "trader", label: t("seller.kindTrader"), hint: t("seller.kindTraderHint") },
              ]}
            />
            <ChoiceFields when="trader" title={t("seller.traderTitle")}>
              {TRADER_FIELDS.map(({ name, autoComplete, ...rest }) => (
                <ConsoleField key={name} field={fields[name]} label={t(`profile.${name}`)} autoComplete={autoComplete} type={"type" in rest ? rest.type : "text"} />
              ))}
            </ChoiceFields>
          </>
        )}
      </StepForm>
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
