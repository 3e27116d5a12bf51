/**
 * Law flags (/support/law, support role): live listings priced above the cap their market's
 * resale law gives them now (selling/support-review.ts), each with the law and the cap, and a
 * decision: take it off sale, or keep it listed, with a reason; and the change log. Real form
 * posts: works without JavaScript. Anyone without the role gets the not-found page.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import type { StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ReviewForm, ReviewLog, SellingReviewNav } from "~/components/selling-review";
import { lawFlags, reviewLawFlag, reviewLog } from "@market/selling";
import { lawReviewSchema, type LawReviewInput } from "@market/selling/selling-schemas";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { i18nServer } from "~/i18n/i18n.server";
import { logLines, reviewAction } from "~/server/selling-review.server";
import type { Route } from "./+types/support.law";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const [flags, log, write, t] = await Promise.all([lawFlags(ctx), reviewLog(ctx, "law"), consoleWriters(context), i18nServer.getFixedT(ctx.viewer.language, "selling")]);
  return data(
    {
      title: t("review.law.title"),
      flags: flags.map((flag) => ({
        listingId: flag.listingId,
        title: flag.title,
        when: write.moment(flag.startsAt, flag.timeZone),
        seller: flag.seller,
        section: flag.section,
        cap: t("review.law.cap", { law: flag.rule.law, cap: write.money(flag.capMinor, flag.currency), price: write.money(flag.priceMinor, flag.currency) }),
      })),
      log: logLines(log, write),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(request, context, "/support/law", { review: { schema: lawReviewSchema, run: (value: LawReviewInput) => reviewLawFlag(context.market, value) } });
}

export default function SupportLaw() {
  const { title, flags, log } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["selling", "console"]);
  return (
    <ConsoleLayout kind="support" title={title} tabs>
      <SellingReviewNav />
      <p className={kit.hint}>{t("review.law.hint")}</p>
      {flags.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("review.law.empty")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="law-flags">
          {flags.map((flag) => (
            <li key={flag.listingId} className={kit.card}>
              <span className={kit.rowTop}>
                <span className={kit.mono}>#{flag.listingId}</span>
                <span className={kit.badge} data-tone="stopped">
                  {t("notice.capped")}
                </span>
              </span>
              <p className={kit.rowTitle}>
                {flag.title} · {flag.when}
              </p>
              <p className={kit.rowMeta}>
                {flag.section} · {t("review.proofs.seller", { seller: flag.seller })}
              </p>
              <p className={kit.rowMeta} data-testid="law-cap">
                {flag.cap}
              </p>
              <ReviewForm
                intent="review"
                idName="listingId"
                id={flag.listingId}
                reply={reply}
                choices={[
                  { value: "withdraw", label: t("review.law.withdraw") },
                  { value: "keep", label: t("review.law.keep") },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      <ReviewLog lines={log} subjectLabel={(listingId) => `#${listingId}`} />
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
