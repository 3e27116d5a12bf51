/**
 * The viewer's setting (SPEC §7 GET /user/config/v1/setting): the language, currency and
 * location this request resolved to (SPEC §4's priorities), each with its name in the viewer's
 * language, so a client can show them without a second call.
 */
import type { MarketContext } from "../context";
import { describeViewerPreferences, type CurrencyOption, type LanguageOption } from "../preferences/options";

export interface SettingLocation {
  id: number;
  code: string;
  name: string;
  parentCode: string | null;
  phoneCode: string;
}

export interface ViewerSetting {
  language: LanguageOption;
  currency: CurrencyOption;
  /** The country/region. */
  location: SettingLocation;
  /** The city inside it the viewer browses (locationCityId), or null for the whole region. */
  city: SettingLocation | null;
}

/** The viewer's setting; anything the reference data no longer lists falls back to SPEC §4's defaults. */
export async function describeViewerSetting(ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">): Promise<ViewerSetting> {
  const { region, city, language, currency } = await describeViewerPreferences(ctx);
  const place = ({ id, code, name, parentCode, phoneCode }: SettingLocation): SettingLocation => ({ id, code, name, parentCode, phoneCode });
  return { language, currency, location: place(region), city: city ? place(city) : null };
}
