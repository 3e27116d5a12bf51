/**
 * The platform type (SPEC §4). APP when the page was opened by our native app (the URL's src is
 * iOS or android, any case); otherwise H5 for a mobile browser and PC for the rest. CMB is a flag
 * beside the type: the platform name ends in CMB (any case).
 */

export const PLATFORM_TYPES = ["APP", "H5", "PC"] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

export interface Platform {
  type: PlatformType;
  cmb: boolean;
}

const APP_SOURCES = new Set(["ios", "android"]);

/**
 * Phones and tablets by their user agent. iPadOS 13 and later announce themselves as a Mac, so
 * they read as PC here; only the browser (touch points) can tell them apart.
 */
const MOBILE_USER_AGENT =
  /Mobi|Android|iPhone|iPad|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|Kindle|Silk|HarmonyOS|OpenHarmony/i;

/** True for a phone or tablet browser's user agent. */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === "string" && MOBILE_USER_AGENT.test(userAgent);
}

/** True when src names one of our native apps (iOS, android; any case). */
export function isAppSource(src: string | null | undefined): boolean {
  return typeof src === "string" && APP_SOURCES.has(src.trim().toLowerCase());
}

/** The platform type and CMB flag of a visit, from the URL's src, the user agent and the platform name. */
export function platformType(input: {
  src?: string | null;
  userAgent?: string | null;
  platformName?: string | null;
}): Platform {
  const type: PlatformType = isAppSource(input.src) ? "APP" : isMobileUserAgent(input.userAgent) ? "H5" : "PC";
  const cmb = typeof input.platformName === "string" && input.platformName.trim().toUpperCase().endsWith("CMB");
  return { type, cmb };
}
