/**
 * The settings popup of home (SPEC §2): the viewer's country/region, location, language,
 * currency and theme, each opening its picker, which comes back to this page. It is a sheet (see
 * sheet.tsx), so its trigger works with and without JavaScript.
 *
 * The trigger (settings-trigger.tsx) and the sheet are separate so the sheet can sit at the page's
 * top level: without JavaScript it is a fixed panel, which a header with a backdrop filter or
 * transform would trap. The sheet's body arrives after the page is interactive (decision 317).
 *
 *   // loader
 *   const preferences = await describeViewerPreferences(context.market);
 *   // component: the trigger in the header, the sheet at the end of <main>
 *   <SettingsTrigger className={styles.iconButton} label={t("home.settings")}><svg …gear… /></SettingsTrigger>
 *   <SettingsSheet preferences={preferences} theme={root?.theme ?? "system"} />  // root: useRouteLoaderData<typeof rootLoader>("root")
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ViewerPreferences } from "@market/preferences/options";
import type { Theme } from "@market/preferences/theme";
import { Sheet, useSheet } from "~/components/sheet";
import { SETTINGS_SHEET } from "./settings-trigger";
import styles from "./settings-sheet.module.css";

const ICONS = {
  countryRegion: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.3 3.6 5.2 3.6 8.5s-1.2 6.2-3.6 8.5c-2.4-2.3-3.6-5.2-3.6-8.5S9.6 5.8 12 3.5Z" />
    </>
  ),
  location: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21Z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  language: <path d="M4 6h9M8.5 4v2c0 4-2 7-4.5 8.5M6.5 9.5c1.2 2 3 3.6 5.5 4.5M13 20l3.5-8 3.5 8M14.2 17.5h4.6" />,
  currency: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M14.8 9.2c-.5-.9-1.5-1.4-2.8-1.4-1.6 0-2.8.8-2.8 2.1 0 3 5.8 1.4 5.8 4.3 0 1.3-1.3 2.1-3 2.1-1.4 0-2.5-.6-3-1.6M12 6.3v1.5M12 16.3v1.5" />
    </>
  ),
  theme: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 3.5v17a8.5 8.5 0 0 0 0-17Z" />
    </>
  ),
} as const;

export default function SettingsSheet({ preferences, theme }: { preferences: ViewerPreferences; theme: Theme }) {
  const { t } = useTranslation();
  const sheet = useSheet(SETTINGS_SHEET);
  const back = encodeURIComponent(sheet.closeHref);
  const { region, city, language, currency } = preferences;
  const rows = [
    { key: "countryRegion", to: `/location-select?returnTo=${back}`, value: region.name },
    { key: "location", to: `/location-select?returnTo=${back}`, value: city?.name ?? t("settingsSheet.wholeRegion", { region: region.name }) },
    { key: "language", to: `/language-select?returnTo=${back}`, value: language.name, lang: language.code },
    { key: "currency", to: `/currency-select?returnTo=${back}`, value: `${currency.currencySymbol} · ${currency.currencyName}` },
    { key: "theme", to: `/theme-select?returnTo=${back}`, value: t(`settingsSheet.themes.${theme}`) },
  ] as const;

  return (
    <Sheet sheet={sheet} title={t("settingsSheet.title")} description={t("settingsSheet.hint")}>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.key}>
            <Link to={row.to} className={styles.row} prefetch="intent">
              <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
                {ICONS[row.key]}
              </svg>
              <span className={styles.text}>
                <span className={styles.label}>{t(`settingsSheet.${row.key}`)}</span>
                <span className={styles.value} lang={"lang" in row ? row.lang : undefined}>
                  {row.value}
                </span>
              </span>
              <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.chevron}>
                <path d="m9 6 6 6-6 6" />
              </svg>
            </Link>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
