/**
 * The pending location suggestion (SPEC §4): the request's geolocation names another
 * country/region than the one in use. The viewer switches (location, language and currency
 * follow) or stays (and is not asked again for 7 days). Both answers are real form posts to the
 * location picker's action, which comes back to this page.
 *
 * Data: `describeLocationSuggestion(context.market, context.locationSuggestion)` in the loader
 * (null when there is nothing to suggest), and the name of the location in use.
 */
import { Form, useLocation, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./location-suggestion.module.css";

export interface LocationSuggestionProps {
  suggestion: { code: string; name: string };
  /** The name of the location in use. */
  currentName: string;
  /** Where to come back to; this page by default. */
  returnTo?: string;
}

export function LocationSuggestion({ suggestion, currentName, returnTo }: LocationSuggestionProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const answering = navigation.state !== "idle" && navigation.formAction === "/location-select" && navigation.formData?.get("location") === suggestion.code;
  return (
    <Form method="post" action="/location-select" className={styles.card} aria-labelledby="location-suggestion-title">
      <input type="hidden" name="returnTo" value={returnTo ?? `${location.pathname}${location.search}`} />
      <input type="hidden" name="location" value={suggestion.code} />
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
        <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21Z" />
        <circle cx="12" cy="10" r="2.3" />
      </svg>
      <p className={styles.title} id="location-suggestion-title">
        {t("locationSuggestion.title", { location: suggestion.name })}
      </p>
      <p className={styles.body}>{t("locationSuggestion.body", { location: suggestion.name })}</p>
      <div className={styles.actions}>
        <button type="submit" name="intent" value="accept" className={styles.accept} disabled={answering}>
          {t("locationSuggestion.accept", { location: suggestion.name })}
        </button>
        <button type="submit" name="intent" value="decline" className={styles.decline} disabled={answering}>
          {t("locationSuggestion.decline", { current: currentName })}
        </button>
      </div>
    </Form>
  );
}

export default LocationSuggestion;
