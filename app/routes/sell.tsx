/**
 * Becoming a seller, from Me (/sell, signed in): the name buyers see, private or trader (a
 * trader's identity, which some markets show buyers), and the payout account, masked once saved
 * the way after-sales masks it. Saving makes the account a provider and opens the console.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { StepForm, type StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ConsoleSelect } from "~/components/selling-fields";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { takeStep } from "~/server/console.server";
import { getSellerProfile, saveSellerProfile } from "@market/selling";
import { sellerProfileSchema } from "@market/selling/selling-schemas";
import type { Route } from "./+types/sell";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "selling", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const [profile, t] = await Promise.all([getSellerProfile(context.market), i18nServer.getFixedT(context.market.viewer.language, "selling")]);
  const account = profile?.payoutAccount;
  return data(
    {
      title: t("profile.title"),
      form: { displayName: profile?.displayName ?? "", kind: profile?.kind ?? "private", accountCurrency: "" },
      account: account ? (account.currency === "CNY" ? `${account.recipientName} · ${account.alipayAccount}` : `${account.recipientName} · ${account.bankName} ${account.cardNumber}`) : null,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const formData = await readForm(request);
  return takeStep(context, {
    intent: "profile",
    redirectTo: "/provider/listings",
    submission: parseWithZod(formData, { schema: sellerProfileSchema }),
    // The domain parses the fields itself, with the same schema.
    run: () => saveSellerProfile(context.market, Object.fromEntries([...formData].filter(([, value]) => value !== "")) as never),
    toast: () => "selling:toast.profile",
  });
}

export default function Sell() {
  const { form, account } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation("selling");
  const label = (key: string) => t(`profile.${key}`);
  return (
    <ConsoleLayout kind="provider" title={t("profile.title")} back="/mine">
      <p className={kit.hint}>{t("profile.intro")}</p>
      {account ? <p className={kit.hint}>{t("profile.current", { account })}</p> : null}
      <StepForm intent="profile" schema={sellerProfileSchema as never} submit={t("profile.save")} reply={reply} defaultValue={form}>
        {(fields) => (
          <>
            <ConsoleField field={fields.displayName} label={label("displayName")} />
            <ConsoleSelect field={fields.kind} label={label("kind")} options={[{ value: "private", label: label("private") }, { value: "trader", label: label("trader") }]} />
            <p className={kit.hint}>{label("traderHint")}</p>
            {(["traderLegalName", "traderAddress", "traderEmail", "traderPhone", "traderRegistrationNo"] as const).map((name) => (
              <ConsoleField key={name} field={fields[name]} label={label(name)} />
            ))}
            <ConsoleSelect
              field={fields.accountCurrency}
              label={`${label("payout")} · ${label("accountCurrency")}`}
              options={[{ value: "", label: label("none") }, { value: "HKD", label: "HKD" }, { value: "CNY", label: "CNY" }]}
            />
            {(["recipientName", "alipayAccount", "bankName", "bankCode", "swiftCode", "cardNumber", "accountOpeningArea"] as const).map((name) => (
              <ConsoleField key={name} field={fields[name]} label={label(name)} />
            ))}
          </>
        )}
      </StepForm>
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
