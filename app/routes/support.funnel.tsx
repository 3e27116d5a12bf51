/**
 * The buying funnel in the support console (/support/funnel, support role): visitors who reached
 * home → tour → pick-seat → confirm → paid in the last 7 days (market/analytics/funnel.ts), per
 * channel and per campaign, each step with its share of the step before.
 */
import { data, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { requireConsole } from "~/server/console.server";
import { readFunnel, type FunnelRow } from "@market/analytics";
import type { Route } from "./+types/support.funnel";

export const handle = { i18n: ["console", "apps"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

const STEPS = ["home", "tour", "pickSeat", "confirm", "paid"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const [funnel, t] = await Promise.all([readFunnel(context.market), i18nServer.getFixedT(context.market.viewer.language, ["apps", "console"])]);
  return data({ title: `${t("apps:funnel.title")} · ${t("console:layout.name.support")}`, funnel }, { headers: { "cache-control": "private, no-store" } });
}

function FunnelTable({ caption, rows, keyLabel }: { caption: string; rows: FunnelRow[]; keyLabel: (key: string) => string }) {
  const { t } = useTranslation(["apps", "console"]);
  return (
    <section className={kit.card}>
      <h2 className={kit.cardTitle}>{caption}</h2>
      <ul className={kit.list}>
        {rows.map((row) => (
          <li key={row.key} className={kit.row} data-testid="funnel-row" data-key={row.key}>
            <span className={kit.rowTitle}>{keyLabel(row.key)}</span>
            <span className={kit.rowMeta}>
              {STEPS.map((step, at) => {
                const before = at === 0 ? null : row.steps[STEPS[at - 1]];
                const share = before ? Math.round((row.steps[step] / before) * 100) : null;
                return (
                  <span key={step} data-step={step}>
                    {t(`funnel.steps.${step}`)} <strong className={kit.mono}>{row.steps[step]}</strong>
                    {share !== null ? ` (${share}%)` : ""}
                  </span>
                );
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SupportFunnel() {
  const { funnel } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["apps", "console"]);
  return (
    <ConsoleLayout kind="support" title={t("funnel.title")} back="/support">
      <p className={kit.hint}>{t("funnel.intro")}</p>
      {funnel.channels.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("funnel.empty")}</p>
        </div>
      ) : (
        <>
          <FunnelTable caption={t("funnel.byChannel")} rows={funnel.channels} keyLabel={(key) => key} />
          <FunnelTable caption={t("funnel.byCampaign")} rows={funnel.campaigns} keyLabel={(key) => key || t("funnel.noCampaign")} />
        </>
      )}
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
