/**
 * The user agreement (/user-agreement; SPEC names the page, docs/decisions.md its path), from
 * the same document GET /user/v1/agreements serves, in the viewer's language.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { AgreementDocument } from "~/components/agreement-document";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { readAgreement } from "@market/config/agreements";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/user-agreement";

export const handle = { i18n: ["help", "chat"] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootSeo(matches));

export async function loader({ context }: Route.LoaderArgs) {
  const market = context.market;
  const agreement = readAgreement(market, "user");
  const t = await i18nServer.getFixedT(market.viewer.language, "common");
  // The date is written on the server, so the page reads the same before and after hydration.
  const updated = new Intl.DateTimeFormat(market.viewer.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${agreement.updatedAt}T00:00:00Z`));
  return data({ title: `${agreement.title} · ${t("appName")}`, agreement: { ...agreement, updated } });
}

export default function UserAgreement() {
  const { agreement } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return (
    <>
      <PageHeader title={t("agreement.userTitle")} fallback="/mine" />
      <AgreementDocument agreement={agreement} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
