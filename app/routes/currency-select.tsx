/**
 * currencySelect (/currency-select, SPEC §2): the currencies prices can be shown in, the one used
 * in the viewer's country/region first. Choosing one makes it the manual currency (it then stays
 * when the location changes), and goes back where the picker was opened from.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { actionReply, repliedFormProps } from "~/components/field/action-reply";
import { PickerNotice, PickerOption, PickerPage, PickerSection } from "~/components/picker";
import { i18nServer } from "~/i18n/i18n.server";
import { preferenceCookies, returnToOf } from "~/server/preferences.server";
import { redirectWithToast } from "~/server/toast.server";
import { currencyChoiceSchema } from "@market/preferences/choice-schemas";
import { chooseCurrency } from "@market/preferences/choices";
import { describeViewerPreferences, listCurrencies, type CurrencyOption } from "@market/preferences/options";
import { CODES, MarketError } from "@market/errors";
import type { Route } from "./+types/currency-select";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["preferences"] };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.pageTitle ?? "Ovation" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.market;
  const [currencies, preferences, t] = await Promise.all([
    listCurrencies(context.market),
    describeViewerPreferences(context.market),
    i18nServer.getFixedT(viewer.language, "preferences"),
  ]);
  return data({
    currencies,
    current: viewer.currency,
    region: { name: preferences.region.name, currencyCode: preferences.region.currencyCode },
    returnTo: returnToOf(new URL(request.url).searchParams.get("returnTo")),
    pageTitle: t("pageTitle", { title: t("currency.title") }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: currencyChoiceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  try {
    const { change, currency } = await chooseCurrency(context.market, submission.value);
    return redirectWithToast(
      returnToOf(formData.get("returnTo")),
      { kind: "success", key: "preferenceSaved.currency", params: { name: currency.currencyName } },
      { headers: preferenceCookies(change, request).map((cookie): [string, string] => ["Set-Cookie", cookie]) },
    );
  } catch (error) {
    // A well-formed code we do not list: the same answer as a malformed one.
    if (error instanceof MarketError && error.code === CODES.invalidParam) {
      return data({ result: submission.reply({ fieldErrors: { currency: ["unknown currency"] } }) }, { status: 400 });
    }
    throw error;
  }
}

export default function CurrencySelect() {
  const { currencies, current, region, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("preferences");
  // Every choice is a listed option, so only the action validates (docs/decisions.md 175).
  const { form, refused: failed } = actionReply("currency", actionData?.result, []);
  const local = currencies.find((currency) => currency.currencyCode === region.currencyCode);
  const others = currencies.filter((currency) => currency !== local);

  const option = (currency: CurrencyOption) => (
    <PickerOption
      key={currency.currencyCode}
      name="currency"
      value={currency.currencyCode}
      selected={currency.currencyCode === current}
      badge={currency.currencySymbol}
      title={currency.currencyName}
      detail={currency.currencyCode}
    />
  );

  return (
    <PickerPage title={t("currency.title")} hint={t("currency.hint")} backTo={returnTo}>
      <Form method="post" {...repliedFormProps(form)}>
        <input type="hidden" name="returnTo" value={returnTo} />
        {failed ? <PickerNotice id={form.errorId}>{t("invalid")}</PickerNotice> : null}
        {local ? (
          <PickerSection title={t("currency.suggested", { location: region.name })} id="currency-local">
            {option(local)}
          </PickerSection>
        ) : null}
        <PickerSection title={t("currency.all")} id="currency-all">
          {others.map(option)}
        </PickerSection>
      </Form>
    </PickerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
