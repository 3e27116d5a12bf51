/**
 * locationSelect (/location-select, SPEC §2): where the viewer looks for shows. Countries/regions
 * with their show counts, and their cities where they differ from the region; a search that works
 * in English and Chinese; "use my current location" (the device's position with JavaScript, the
 * network's without); and the pending location suggestion (SPEC §4), when there is one.
 *
 * A choice becomes the manual location for 7 days; accepting a suggestion also sets its language
 * and currency, declining keeps the current location and quiets the suggestion for 7 days.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { LocationSuggestion } from "~/components/location-suggestion";
import { PickerNotice, PickerOption, PickerPage, PickerSection } from "~/components/picker";
import { i18nServer } from "~/i18n/i18n.server";
import { preferenceCookies, returnToOf } from "~/server/preferences.server";
import { redirectWithToast, type Toast } from "~/server/toast.server";
import { locateRegion } from "@market/preferences/auto-location";
import { locationChoiceSchema, locationSuggestionAnswerSchema, positionSchema } from "@market/preferences/choice-schemas";
import { answerLocationSuggestion, chooseLocation, type PreferenceChange } from "@market/preferences/choices";
import { describeLocationSuggestion, LOCATION_QUERY_MAX, listRegionChoices, type RegionChoice } from "@market/preferences/options";
import { CODES, MarketError } from "@market/errors";
import styles from "./location-select.module.css";
import type { Route } from "./+types/location-select";
import { readForm } from "~/server/form.server";

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
  const [form] = useForm({
    id: "location",
    lastResult: actionData?.intent === "choose" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: locationChoiceSchema }),
  });
  const unlocated = actionData?.intent === "locate";
  // Only a refused choice comes back (a kept one redirects); the locate card shows its own.
  const failed = (actionData !== undefined && !unlocated) || Object.keys(form.allErrors).length > 0;

  return (
    <PickerPage title={t("location.title")} hint={t("location.hint")} backTo={returnTo}>
      <SearchForm query={query} returnTo={returnTo} />

      {suggestion && !query ? <LocationSuggestion suggestion={suggestion} currentName={current.name} returnTo={returnTo} /> : null}

      {!query ? <LocateForm returnTo={returnTo} unavailable={unlocated} /> : null}

      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="returnTo" value={returnTo} />
        {failed ? <PickerNotice id={form.errorId}>{t("invalid")}</PickerNotice> : null}
        {regions.length > 0 ? (
          <PickerSection title={t("location.regions")} id="location-regions">
            {regions.map((region) => (
              <RegionOption key={region.code} region={region} current={current} />
            ))}
          </PickerSection>
        ) : (
          <div className={styles.empty}>
            <svg viewBox="0 0 64 64" aria-hidden="true" className={styles.emptyArt}>
              <circle cx="32" cy="32" r="30" fill="var(--color-brand-soft)" />
              <path d="M32 16a11 11 0 0 0-11 11c0 8.5 11 21 11 21s11-12.5 11-21a11 11 0 0 0-11-11Z" fill="var(--color-brand)" />
              <circle cx="32" cy="27" r="4" fill="var(--color-surface)" />
            </svg>
            <p className={styles.emptyTitle}>{t("location.noMatch", { query })}</p>
            <p className={styles.emptyHint}>{t("location.noMatchHint")}</p>
          </div>
        )}
      </Form>
    </PickerPage>
  );
}

function RegionOption({ region, current }: { region: RegionChoice; current: { region: string; city: string | null } }) {
  const { t } = useTranslation("preferences");
  const shows = region.showCount > 0 ? t("location.shows", { count: region.showCount }) : t("location.noShows");
  // A region's only city under the region's own name (Hong Kong, Macau, Singapore) adds nothing.
  const cities = region.cities.length === 1 && region.cities[0].name === region.name ? [] : region.cities;
  return (
    <PickerOption
      name="location"
      value={region.code}
      selected={region.code === current.region && current.city === null}
      badge={region.code}
      title={region.name}
      detail={`${shows} · ${region.currencyCode}`}
    >
      {cities.length > 0 ? (
        <div className={styles.cities}>
          {cities.map((city) => (
            <button
              key={city.code}
              type="submit"
              name="location"
              value={city.code}
              className={styles.city}
              aria-current={city.code === current.city ? "true" : undefined}
            >
              <span>{city.name}</span>
              <span className={styles.cityCount}>{t("location.shows", { count: city.showCount })}</span>
            </button>
          ))}
        </div>
      ) : null}
    </PickerOption>
  );
}

/** A GET search: without JavaScript it searches on Enter; with it, as the viewer types. */
function SearchForm({ query, returnTo }: { query: string; returnTo: string }) {
  const { t } = useTranslation("preferences");
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" role="search" className={styles.search} onSubmit={() => clearTimeout(timer.current)}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.searchIcon}>
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4 4" />
      </svg>
      <input
        type="search"
        name="q"
        defaultValue={query}
        maxLength={LOCATION_QUERY_MAX}
        placeholder={t("location.search")}
        aria-label={t("location.search")}
        autoComplete="off"
        enterKeyHint="search"
        className={styles.searchInput}
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 250);
        }}
      />
      <button type="submit" className="visually-hidden">
        {t("location.searchSubmit")}
      </button>
      {query ? (
        <Link to={`?returnTo=${encodeURIComponent(returnTo)}`} replace className={styles.clear} aria-label={t("location.clearSearch")}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 7l10 10M17 7 7 17" />
          </svg>
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * "Use my current location". Without JavaScript it posts no position and the network's location
 * is used; with it, the device's position is asked for first (any geolocation error, SPEC §4's
 * codes 1–3, falls back to the network's).
 */
function LocateForm({ returnTo, unavailable }: { returnTo: string; unavailable: boolean }) {
  const { t } = useTranslation("preferences");
  const submit = useSubmit();
  const navigation = useNavigation();
  const [locating, setLocating] = useState(false);
  const busy = locating || (navigation.state !== "idle" && navigation.formData?.get("intent") === "locate");
  return (
    <Form
      method="post"
      className={styles.locate}
      onSubmit={(event) => {
        if (typeof navigator === "undefined" || !("geolocation" in navigator)) return;
        event.preventDefault();
        const form = event.currentTarget;
        setLocating(true);
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setLocating(false);
            const formData = new FormData(form);
            formData.set("lat", position.coords.latitude.toFixed(4));
            formData.set("lng", position.coords.longitude.toFixed(4));
            submit(formData, { method: "post" });
          },
          () => {
            setLocating(false);
            submit(form, { method: "post" });
          },
          { timeout: 10_000, maximumAge: 300_000 },
        );
      }}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="intent" value="locate" />
      <button type="submit" className={styles.locateButton} aria-busy={busy || undefined} aria-describedby={unavailable ? "locate-error" : undefined}>
        <span className={styles.locateIcon} aria-hidden="true">
          {busy ? (
            <span className={styles.spinner} />
          ) : (
            <svg viewBox="0 0 24 24">
              <path d="M20.5 3.5 3.8 10.6a.5.5 0 0 0 .05.94l6.9 1.7 1.7 6.9a.5.5 0 0 0 .94.05Z" />
            </svg>
          )}
        </span>
        <span className={styles.locateText}>
          <span className={styles.locateTitle}>{busy ? t("location.locating") : t("location.useCurrent")}</span>
          <span className={styles.locateHint}>{t("location.useCurrentHint")}</span>
        </span>
      </button>
      {unavailable ? (
        <p className={styles.locateError} role="alert" id="locate-error">
          {t("location.unavailable")}
        </p>
      ) : null}
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
