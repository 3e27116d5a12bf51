/**
 * Face-value proofs (/support/proofs, support role): listings whose proof waits for a decision
 * (?view=reviewed for those decided), each with its proof file (from R2, support only) and a
 * decision: approve, or reject (which takes the listing off sale at once); and the change log.
 * Real form posts: works without JavaScript. Anyone without the role gets the not-found page.
 */
import { data, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import type { StepReply } from "~/components/console-step-form";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ReviewForm, ReviewLog, SellingReviewNav } from "~/components/selling-review";
import { proofQueue, reviewLog, reviewProof } from "@market/selling";
import { proofReviewSchema, type ProofReviewInput } from "@market/selling/selling-schemas";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { i18nServer } from "~/i18n/i18n.server";
import { logLines, reviewAction } from "~/server/selling-review.server";
import type { Route } from "./+types/support.proofs";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const view = new URL(request.url).searchParams.get("view") === "reviewed" ? "reviewed" : "pending";
  const [items, log, write, t] = await Promise.all([proofQueue(ctx, view), reviewLog(ctx, "proof"), consoleWriters(context), i18nServer.getFixedT(ctx.viewer.language, "selling")]);
  return data(
    {
      title: t("review.proofs.title"),
      view,
      items: items.map((item) => ({
        listingId: item.listingId,
        title: item.title,
        when: write.moment(item.startsAt, item.timeZone),
        line: t("review.proofs.line", {
          section: item.section,
          row: item.rowLabel ? t("review.proofs.row", { row: item.rowLabel }) : "",
          count: item.quantity,
          face: write.money(item.faceValueMinor, item.currency),
          price: write.money(item.priceMinor, item.currency),
        }),
        seller: item.seller,
        fileName: item.fileName,
        decision: item.decision,
      })),
      log: logLines(log, write),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(request, context, "/support/proofs", { review: { schema: proofReviewSchema, run: (value: ProofReviewInput) => reviewProof(context.market, value) } });
}

export default function SupportProofs() {
  const { title, view, items, log } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StepReply | undefined;
  const { t } = useTranslation(["selling", "console"]);
  return (
    <ConsoleLayout kind="support" title={title} tabs>
      <SellingReviewNav />
      <p className={kit.hint}>{t("review.proofs.hint")}</p>
      <p className={kit.actions}>
        <Link to="/support/proofs" className={kit.link} aria-current={view === "pending" ? "page" : undefined}>
          {t("review.proofs.pending")}
        </Link>
        <Link to="/support/proofs?view=reviewed" className={kit.link} aria-current={view === "reviewed" ? "page" : undefined}>
          {t("review.proofs.reviewed")}
        </Link>
      </p>
      {items.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{view === "pending" ? t("review.proofs.empty") : t("review.proofs.emptyReviewed")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="proofs">
          {items.map((item) => (
            <li key={item.listingId} className={kit.card}>
              <span className={kit.rowTop}>
                <span className={kit.mono}>#{item.listingId}</span>
                {item.decision ? (
                  <span className={kit.badge} data-tone={item.decision === "approved" ? "done" : "stopped"}>
                    {t(`review.decisions.${item.decision}`)}
                  </span>
                ) : null}
              </span>
              <p className={kit.rowTitle}>
                {item.title} · {item.when}
              </p>
              <p className={kit.rowMeta}>{item.line}</p>
              <p className={kit.rowMeta}>{t("review.proofs.seller", { seller: item.seller })}</p>
              <a href={`/support/proofs/${item.listingId}/file`} className={kit.link} target="_blank" rel="noopener noreferrer" data-testid="proof-file">
                {t("review.proofs.open", { file: item.fileName })}
              </a>
              {item.decision === null ? (
                <ReviewForm
                  intent="review"
                  idName="listingId"
                  id={item.listingId}
                  reply={reply}
                  choices={[
                    { value: "approve", label: t("review.proofs.approve") },
                    { value: "reject", label: t("review.proofs.reject") },
                  ]}
                />
              ) : null}
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
