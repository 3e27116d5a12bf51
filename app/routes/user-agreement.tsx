/**
 * The user agreement (/user-agreement; SPEC names the page, docs/decisions.md its path), from
 * the same document GET /user/v1/agreements serves, in the viewer's language.
 */
import { useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { AgreementPage } from "~/components/agreement-document";
import { GeneralErrorBoundary } from "~/components/error-view";
import { agreementPageData } from "~/server/agreement.server";
import { pageMeta, rootSeo } from "~/seo/page-meta";
import type { Route } from "./+types/user-agreement";

export const handle = { i18n: ["help", "chat"] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(rootSeo(matches));

export async function loader({ context }: Route.LoaderArgs) {
  return agreementPageData(context, "user");
}

export default function UserAgreement() {
  const { agreement } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return <AgreementPage title={t("agreement.userTitle")} agreement={agreement} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
