/**
 * The theme in Settings: follow the device, light or dark (SPEC §4 'Theme values: dark, light').
 * A real form: without JavaScript the buyer picks and saves; with it, picking saves at once and
 * the page redraws in the new theme when the root loader answers again.
 */
import { Form, useSubmit } from "react-router";
import { useTranslation } from "react-i18next";
import { THEMES, type Theme } from "@market/preferences/theme";
import { useHydrated } from "~/components/hydrated";
import styles from "./theme-choice.module.css";

const SWATCH: Record<Theme, string> = { system: styles.swatchSystem, light: styles.swatchLight, dark: styles.swatchDark };

export function ThemeChoice({ current, headingId }: { current: Theme; headingId: string }) {
  const { t } = useTranslation("me");
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="post" className={styles.form} preventScrollReset>
      <input type="hidden" name="intent" value="theme" />
      <fieldset className={styles.choices} aria-labelledby={headingId}>
        {THEMES.map((theme) => (
          <label key={theme} className={styles.choice}>
            <input
              type="radio"
              name="theme"
              value={theme}
              defaultChecked={theme === current}
              className={styles.radio}
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            />
            <span className={`${styles.swatch} ${SWATCH[theme]}`} aria-hidden="true" />
            <span className={styles.name}>{t(`settings.themes.${theme}`)}</span>
          </label>
        ))}
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className={styles.save}>
          {t("settings.saveTheme")}
        </button>
      )}
    </Form>
  );
}
