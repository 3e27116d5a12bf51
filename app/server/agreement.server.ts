/**
 * A legal document's page data (the user agreement, the privacy policy): the document in the
 * viewer's language, its date written here so the page reads the same before and after
 * hydration, and the page title.
 */
import { data, type AppLoadContext } from "react-router";
import { readAgreement } from "@market/config/agreements";
import type { AgreementType } from "@market/config/agreement-text";
import { i18nServer } from "~/i18n/i18n.server";

export async function agreementPageData(context: AppLoadContext, type: AgreementType) {
  const market = context.market;
  const agreement = await readAgreement(market, type);
  const t = await i18nServer.getFixedT(market.viewer.language, "common");
  const updated = new Intl.DateTimeFormat(market.viewer.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${agreement.updatedAt}T00:00:00Z`));
  return data({ title: `${agreement.title} · ${t("appName")}`, agreement: { ...agreement, updated } });
}
