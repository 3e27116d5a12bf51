/**
 * The shapes of a viewer's choices, shared by the web forms (conform, in the browser too) and
 * the server. Pure: nothing here reaches the database, so the browser can import it; zod/mini,
 * so the browser never downloads classic zod (docs/decisions.md 174).
 */
import * as z from "zod/mini";
import { LANGUAGES } from "../context/language";
import { THEMES } from "./theme";
import { decimal } from "../input/fields-mini";

const locationCode = z.string({ error: "Choose a location" }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2,3}$/, "must be a location code"));

export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: "Choose a language" }),
});

export const themeChoiceSchema = z.object({
  theme: z.enum(THEMES, { error: "Choose a theme" }),
});

export const currencyChoiceSchema = z.object({
  currency: z.string({ error: "Choose a currency" }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, "must be an ISO 4217 code")),
});

/** A country/region or a city inside one, by code (HK, TW, TPE…). */
export const locationChoiceSchema = z.object({
  location: locationCode,
});

export const locationSuggestionAnswerSchema = z.object({
  intent: z.enum(["accept", "decline"]),
  /** The suggested location the viewer answered. */
  location: locationCode,
});

/**
 * A device's position, as the browser's geolocation or the app's lng/lat headers give it. Both
 * absent means "use the network's location"; one without the other is invalid.
 */
export const positionSchema = z
  .object({
    lat: z.optional(decimal(-90, 90)),
    lng: z.optional(decimal(-180, 180)),
  })
  .check(z.refine((p) => (p.lat === undefined) === (p.lng === undefined), { message: "needs both lat and lng", path: ["lng"] }));
