/**
 * The app context (SPEC §3): what our native app, or a partner app, tells a page it opens in its
 * web view, as query values. `language`, `currency`, `location` and `source` may come by their
 * short names `lan`, `cc`, `lc` and `src`; the long name wins when both are there. Each value is
 * checked on its own, so one malformed value (a bad statusBarHeight) costs only itself, never
 * the token beside it. A language is shown in one we speak (zh-CN and every Chinese tag in
 * zh-HK, SPEC §5); one we do not speak is left out.
 *
 * Plain checks rather than zod: this runs on every page, and zod/mini's core alone would
 * double the JS the root ships (docs/decisions.md #147).
 */
import { matchLanguage, type Language } from "./language";

export interface AppContext {
  token?: string;
  email?: string;
  nickName?: string;
  tsessionid?: string;
  language?: Language;
  /** ISO 4217, upper-cased. */
  currency?: string;
  /** A location code (HK, TW, TPE…), upper-cased. */
  location?: string;
  locationCityId?: string;
  channel?: string;
  version?: string;
  source?: string;
  deviceId?: string;
  /** The app's status bar and bottom safe area, in CSS px. */
  statusBarHeight?: number;
  safeAreaBottom?: number;
  /** The host app's theme (SPEC §4: dark, light); the server draws the page in it. */
  theme?: "dark" | "light";
}

/** Each field's check: the value it keeps, or undefined for a malformed one. */
type Check<T> = (raw: string) => T | undefined;

const text =
  (max: number): Check<string> =>
  (raw) =>
    raw.length >= 1 && raw.length <= max ? raw : undefined;
const code =
  (pattern: RegExp): Check<string> =>
  (raw) => {
    const upper = raw.toUpperCase();
    return pattern.test(upper) ? upper : undefined;
  };
const inset: Check<number> = (raw) => {
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 200 ? value : undefined;
};
/** The same address shape zod's email() accepts. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const FIELDS = {
  token: text(512),
  email: (raw) => (raw.length <= 254 && EMAIL.test(raw) ? raw : undefined),
  nickName: text(64),
  tsessionid: text(256),
  language: (raw) => (raw.length <= 35 ? matchLanguage(raw) : undefined),
  currency: code(/^[A-Z]{3}$/),
  location: code(/^[A-Z]{2,3}$/),
  locationCityId: text(16),
  channel: text(32),
  version: text(32),
  source: text(32),
  deviceId: text(128),
  statusBarHeight: inset,
  safeAreaBottom: inset,
  theme: (raw) => (raw === "dark" || raw === "light" ? raw : undefined),
} satisfies { [K in keyof AppContext]-?: Check<AppContext[K]> };

/** The short query names SPEC §3 allows beside the long ones. */
const ALIASES: Partial<Record<keyof AppContext, string>> = { language: "lan", currency: "cc", location: "lc", source: "src" };

/** The app context a page's query carries; fields absent, empty or malformed are left out. */
export function parseAppContext(search: string | URLSearchParams): AppContext {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const context: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(FIELDS) as [keyof AppContext, Check<unknown>][]) {
    const alias = ALIASES[name];
    const raw = params.get(name)?.trim() || (alias ? params.get(alias)?.trim() : undefined);
    if (!raw) continue;
    const value = check(raw);
    if (value !== undefined) context[name] = value;
  }
  return context as AppContext;
}

