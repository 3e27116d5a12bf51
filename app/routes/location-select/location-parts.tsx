/**
 * Location select's parts: a region with its cities as choices of the page's one form, the
 * search (a GET form), and "use my current location".
 */
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PickerOption } from "~/components/picker";
import type { RegionChoice } from "@market/preferences/options";
import { LOCATION_QUERY_MAX } from "@market/preferences/location-query";
import styles from "./styles.module.css";

export function RegionOption({ region, current }: { region: RegionChoice; current: { region: string; city: string | null } }) {
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

/** No region or city matches the search. */
export function NoMatch({ query }: { query: string }) {
  const { t } = useTranslation("preferences");
  return (
    <div className={styles.empty}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className={styles.emptyArt}>
        <circle cx="32" cy="32" r="30" fill="var(--color-brand-soft)" />
        <path d="M32 16a11 11 0 0 0-11 11c0 8.5 11 21 11 21s11-12.5 11-21a11 11 0 0 0-11-11Z" fill="var(--color-brand)" />
        <circle cx="32" cy="27" r="4" fill="var(--color-surface)" />
      </svg>
      <p className={styles.emptyTitle}>{t("location.noMatch", { query })}</p>
      <p className={styles.emptyHint}>{t("location.noMatchHint")}</p>
    </div>
  );
}

/** A GET search: without JavaScript it searches on Enter; with it, as the viewer types. */
export function SearchForm({ query, returnTo }: { query: string; returnTo: string }) {
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
export function LocateForm({ returnTo, unavailable }: { returnTo: string; unavailable: boolean }) {
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
