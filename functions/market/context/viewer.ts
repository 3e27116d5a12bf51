/**
 * The viewer: who is asking and how they want to see the market. Resolved once per request,
 * from cookies and Accept-Language on the web, from SPEC §7's headers on the API.
 */
import type { Language } from "./language";

export type { Language };

/** A presented session token, by the hash D1 keeps of it (never the token), with the tsessionid sent beside it. */
export interface PresentedSession {
  tokenHash: string;
  publicId: string | null;
}

export interface Viewer {
  language: Language;
  /** Display currency (ISO 4217). */
  currency: string;
  /** Region code of the viewer's location (HK, TW, …). */
  location: string;
  /** City code the viewer browses (locationCityId), when chosen. */
  city: string | null;
  /** IANA time zone used for date filters. */
  timeZone: string;
  /** web, or an embedded partner channel (MTL_LAUNCH, PiaoXiaoer), or app. */
  channel: string;
  platform: "APP" | "H5" | "PC";
  environment: "dev" | "qa" | "stage" | "uat" | "production";
  deviceId: string | null;
  /** Signed-in account, when there is one. */
  userId: number | null;
  /**
   * A session the viewer presented that the door left unchecked, for a domain function that
   * checks it in its own read (placing an order; docs/decisions.md 172). userId is then null.
   */
  presentedSession?: PresentedSession | null;
  /** The ad fields the visitor arrived with, kept 90 days (market/analytics/attribution.ts). */
  adParams?: { params: Partial<Record<string, string>>; capturedAt: number } | null;
  /** Request id for logs. */
  requestId: string;
}

/**
 * SPEC §4's defaults as a viewer. Used while the real viewer is being resolved (resolution
 * itself reads reference data through a context).
 */
export const DEFAULT_VIEWER: Viewer = {
  language: "en-US",
  currency: "HKD",
  location: "HK",
  city: null,
  timeZone: "Asia/Hong_Kong",
  channel: "web",
  platform: "H5",
  environment: "production",
  deviceId: null,
  userId: null,
  requestId: "",
};
