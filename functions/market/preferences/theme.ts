/**
 * The viewer's theme (SPEC §4 'Theme values: dark, light'). Inside our app or a partner's, the
 * host app's theme wins (it is what surrounds the web view); otherwise a choice made in Settings;
 * otherwise "system", which follows the device's preference (prefers-color-scheme) in CSS, so the
 * server never has to guess it.
 */

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The values a host app may pass (SPEC §4 lists only these two). */
export const APP_THEMES = ["dark", "light"] as const;
export type AppTheme = (typeof APP_THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function isAppTheme(value: unknown): value is AppTheme {
  return typeof value === "string" && (APP_THEMES as readonly string[]).includes(value);
}

/**
 * The theme to draw: the host app's, else the manual choice, else "system". Unknown values (a
 * stale or forged cookie, a malformed query) count as absent.
 */
export function resolveTheme(input: { app?: string | null; manual?: string | null }): Theme {
  if (isAppTheme(input.app)) return input.app;
  if (isTheme(input.manual)) return input.manual;
  return "system";
}
