/**
 * locationSelect (/location-select, SPEC §2): where the viewer looks for shows. Countries/regions
 * with their show counts, and their cities where they differ from the region; a search that works
 * in English and Chinese; "use my current location" (the device's position with JavaScript, the
 * network's without); and the pending location suggestion (SPEC §4), when there is one.
 *
 * A choice becomes the manual location for 7 days; accepting a suggestion also sets its language
 * and currency, declining keeps the current location and quiets the suggestion for 7 days.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { actionReply, repliedFormProps } from "~/components/field/action-reply";
import { LocateForm, NoMatch, RegionOption, SearchForm } from "./location-parts";
import { LocationSuggestion } from "~/components/location-suggestion";
import { PickerNotice, PickerPage, PickerSection } from "~/components/picker";
import { i18nServer } from "~/i18n/i18n.server";
import { preferenceCookies, returnToOf } from "~/server/preferences.server";
import { redirectWithToast, type Toast } from "~/server/toast.server";
import { locateRegion } from "@market/preferences/auto-location";
import { locationChoiceSchema, locationSuggestionAnswerSchema, positionSchema } from "@market/preferences/choice-schemas";
import { LOCATION_QUERY_MAX } from "@market/preferences/location-query";
import { answerLocationSuggestion, chooseLocation, type PreferenceChange } from "@market/preferences/choices";
import { describeLocationSuggestion, listRegionChoices } from "@market/preferences/options";
import { CODES, MarketError } from "@market/errors";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { callerOf, pageEventHeader } from "~/server/page-event.server";

export const handle = { i18n: ["preferences"] };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.pageTitle ?? "Ovation" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { market } = context;
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, LOCATION_QUERY_MAX);
  const [regions, suggestion, t] = await Promise.all([
    listRegionChoices(market, { query }),
    describeLocationSuggestion(market, context.locationSuggestion),
    i18nServer.getFixedT(market.viewer.language, "preferences"),
  ]);
  const current = regions.find((region) => region.code === market.viewer.location);
  return data({
    regions,
    query,
    current: { region: market.viewer.location, city: market.viewer.city, name: current?.name ?? market.viewer.location },
    suggestion,
    returnTo: returnToOf(url.searchParams.get("returnTo")),
    pageTitle: t("pageTitle", { title: t("location.title") }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { market } = context;
  const formData = await readForm(request);
  const returnTo = returnToOf(formData.get("returnTo"));
  const keep = async (change: PreferenceChange, toast: Toast | null) => {
    const headers = preferenceCookies(change, request).map((cookie): [string, string] => ["Set-Cookie", cookie]);
    if (!toast) return redirect(returnTo, { headers });
    // A location was set (a declined suggestion sets none): SPEC §7's click_city_change, tracked
    // by the page the buyer lands on.
    headers.push(["Set-Cookie", await pageEventHeader({ event: "click_city_change", caller: callerOf(request) })]);
    return redirectWithToast(returnTo, toast, { headers });
  };
  const intent = String(formData.get("intent") ?? "choose");

  switch (intent) {
    case "choose": {
      const submission = parseWithZod(formData, { schema: locationChoiceSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      try {
        const { change, region, city } = await chooseLocation(market, submission.value);
        return keep(change, { kind: "success", key: "preferenceSaved.location", params: { name: city?.name ?? region.name } });
      } catch (error) {
        if (!isInvalidChoice(error)) throw error;
        return data({ intent, result: submission.reply({ fieldErrors: { location: ["unknown location"] } }) }, { status: 400 });
      }
    }
    case "locate": {
      const submission = parseWithZod(formData, { schema: positionSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const { lat, lng } = submission.value;
      const { region, by } = await locateRegion(market, {
        position: lat !== undefined && lng !== undefined ? { lat, lng } : null,
        country: context.detectedLocation,
      });
      // Falling through to the default is not finding the viewer; saying so beats a silent Hong Kong.
      if (by !== "position" && by !== "network") {
        return data({ intent, result: submission.reply({ formErrors: ["unavailable"] }) }, { status: 400 });
      }
      const { change, region: chosen } = await chooseLocation(market, { location: region.code });
      return keep(change, { kind: "success", key: "preferenceSaved.location", params: { name: chosen.name } });
    }
    case "accept":
    case "decline": {
      const submission = parseWithZod(formData, { schema: locationSuggestionAnswerSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      try {
        const { change, region } = await answerLocationSuggestion(market, submission.value);
        return keep(
          change,
          submission.value.intent === "accept" ? { kind: "success", key: "preferenceSaved.location", params: { name: region.name } } : null,
        );
      } catch (error) {
        if (!isInvalidChoice(error)) throw error;
        return data({ intent, result: submission.reply({ fieldErrors: { location: ["unknown location"] } }) }, { status: 400 });
      }
    }
    default: {
      const submission = parseWithZod(formData, { schema: locationChoiceSchema });
      return data({ intent: "choose", result: submission.reply({ formErrors: ["unknown intent"] }) }, { status: 400 });
    }
  }
}

function isInvalidChoice(error: unknown): boolean {
  return error instanceof MarketError && error.code === CODES.invalidParam;
}

export default function LocationSelect() {
  const { regions, query, current, suggestion, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("preferences");
  // Every choice is a listed option, so only the action validates (docs/decisions.md 175).
  const { form } = actionReply("location", actionData?.intent === "choose" ? actionData.result : undefined, []);
  const unlocated = actionData?.intent === "locate";
  // Only a refused choice comes back (a kept one redirects); the locate card shows its own.
  const failed = actionData !== undefined && !unlocated;

  return (
    <PickerPage title={t("location.title")} hint={t("location.hint")} backTo={returnTo}>
      <SearchForm query={query} returnTo={returnTo} />

      {suggestion && !query ? <LocationSuggestion suggestion={suggestion} currentName={current.name} returnTo={returnTo} /> : null}

      {!query ? <LocateForm returnTo={returnTo} unavailable={unlocated} /> : null}

      <Form method="post" {...repliedFormProps(form)}>
        <input type="hidden" name="returnTo" value={returnTo} />
        {failed ? <PickerNotice id={form.errorId}>{t("invalid")}</PickerNotice> : null}
        {regions.length > 0 ? (
          <PickerSection title={t("location.regions")} id="location-regions">
            {regions.map((region) => (
              <RegionOption key={region.code} region={region} current={current} />
            ))}
          </PickerSection>
        ) : (
          <NoMatch query={query} />
        )}
      </Form>
    </PickerPage>
  );
}
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
