/**
 * The app context (SPEC §3): what our native app, or a partner app, tells a page it opens in its
 * web view, as query values. `language`, `currency`, `location` and `source` may come by their
 * short names `lan`, `cc`, `lc` and `src`; the long name wins when both are there. Each value is
 * checked on its own, so one malformed value (a bad statusBarHeight) costs only itself, never
 * the token beside it. A language is shown in one we speak (zh-CN and every Chinese tag in
 * zh-HK, SPEC §5); one we do not speak is left out.
 *
 * zod/mini keeps this small enough to run on every page.
 */
import * as z from "zod/mini";
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

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const code = (pattern: RegExp) => z.string().check(z.trim(), z.toUpperCase(), z.regex(pattern));
const inset = z.coerce.number().check(z.gte(0), z.lte(200));

const FIELDS = {
  token: text(512),
  email: z.email().check(z.maxLength(254)),
  nickName: text(64),
  tsessionid: text(256),
  language: z.pipe(text(35), z.transform((tag) => matchLanguage(tag))),
  currency: code(/^[A-Z]{3}$/),
  location: code(/^[A-Z]{2,3}$/),
  locationCityId: text(16),
  channel: text(32),
  version: text(32),
  source: text(32),
  deviceId: text(128),
  statusBarHeight: inset,
  safeAreaBottom: inset,
  theme: z.enum(["dark", "light"]),
} satisfies { [K in keyof AppContext]-?: z.ZodMiniType<AppContext[K] | undefined, unknown> };

/** The short query names SPEC §3 allows beside the long ones. */
const ALIASES: Partial<Record<keyof AppContext, string>> = { language: "lan", currency: "cc", location: "lc", source: "src" };

/** The app context a page's query carries; fields absent, empty or malformed are left out. */
export function parseAppContext(search: string | URLSearchParams): AppContext {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const context: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(FIELDS) as [keyof AppContext, z.ZodMiniType<unknown, string>][]) {
    const alias = ALIASES[name];
    const raw = params.get(name)?.trim() || (alias ? params.get(alias)?.trim() : undefined);
    if (!raw) continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) context[name] = parsed.data;
  }
  return context as AppContext;
}

