/**
 * The support console's high-demand sessions (/support/demand, support role): turn a session's
 * waiting room on or off, with the rate its checkout can take and its shards (demand/high-demand.ts),
 * and see the sessions marked so far, by support or by themselves. A real form: works without
 * JavaScript. Anyone without the role gets the not-found page.
 */
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import kit from "~/components/console-kit.module.css";
import { ConsoleLayout } from "~/components/console-layout";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { refusalText } from "~/server/refusal.server";
import { listDemand, markDemandSchema, markHighDemand } from "@market/demand/high-demand";
import type { Route } from "./+types/support.demand";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["console", "demand"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const ctx = context.market;
  const [rows, write, t] = await Promise.all([listDemand(ctx), consoleWriters(context), i18nServer.getFixedT(ctx.viewer.language, "demand")]);
  return data(
    {
      title: t("demand.title"),
      sessions: rows.map((row) => ({ ...row, opens: write.moment(row.opensAt, ctx.viewer.timeZone) })),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireConsole(request, context, "support");
  const form = Object.fromEntries(await readForm(request));
  const parsed = markDemandSchema.safeParse({
    sessionId: form.sessionId,
    highDemand: form.intent === "on" ? "true" : form.intent === "off" ? "false" : undefined,
    admitPerMinute: form.admitPerMinute || undefined,
    shards: form.shards || undefined,
    expectedArrivals: form.expectedArrivals || undefined,
    ticketLimit: form.ticketLimit || undefined,
  });
  if (!parsed.success) return data({ error: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") }, { status: 400 });
  try {
    await markHighDemand(context.market, parsed.data);
  } catch (error) {
    return data({ error: await refusalText(error, context) }, { status: 400 });
  }
  return redirect("/support/demand");
}

export default function SupportDemand() {
  const { sessions, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("demand");
  return (
    <ConsoleLayout kind="support" title={title} tabs>
      <p className={kit.hint}>{t("demand.description")}</p>
      <Form method="post" className={`${kit.card} ${kit.form}`}>
        <label className={kit.field}>
          <span className={kit.label}>{t("demand.sessionId")}</span>
          <input className={kit.input} name="sessionId" inputMode="numeric" required pattern="[0-9]+" />
        </label>
        <div className={kit.pair}>
          <label className={kit.field}>
            <span className={kit.label}>{t("demand.admitPerMinute")}</span>
            <input className={kit.input} name="admitPerMinute" type="number" min={1} max={100000} placeholder="300" />
          </label>
          <label className={kit.field}>
            <span className={kit.label}>{t("demand.shards")}</span>
            <input className={kit.input} name="shards" type="number" min={1} max={64} placeholder="53" />
          </label>
        </div>
        <div className={kit.pair}>
          <label className={kit.field}>
            <span className={kit.label}>{t("demand.expectedArrivals")}</span>
            <input className={kit.input} name="expectedArrivals" type="number" min={1} max={10000000} placeholder="500000" />
          </label>
          <label className={kit.field}>
            <span className={kit.label}>{t("demand.ticketLimit")}</span>
            <input className={kit.input} name="ticketLimit" type="number" min={1} max={20} placeholder="4" />
          </label>
        </div>
        {result?.error ? (
          <p className={kit.error} role="alert">
            {result.error}
          </p>
        ) : null}
        <div className={kit.actions}>
          <button type="submit" name="intent" value="on" className={kit.button}>
            {t("demand.on")}
          </button>
          <button type="submit" name="intent" value="off" className={kit.secondary}>
            {t("demand.off")}
          </button>
        </div>
      </Form>
      <ul className={kit.list} data-testid="demand-sessions">
        {sessions.map((row) => (
          <li key={row.sessionId} className={kit.row}>
            <span className={kit.rowTop}>
              #{row.sessionId} · {row.markedBy} · {row.queueOn ? t("demand.stateOn") : t("demand.stateOff")}
            </span>
            <span className={kit.rowTitle}>
              {row.admitPerMinute}/min · {row.shards} × · {t("demand.limitShort", { count: row.ticketLimit })} · {row.opens}
            </span>
          </li>
        ))}
      </ul>
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
