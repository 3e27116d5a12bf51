/**
 * Stopping a ticket alert from its mail (/alert-unsubscribe?token=): no sign-in, the signed token
 * is the proof (alerts/alert-mail.ts). Opening the link only asks; the POST stops the alert, so
 * a mail scanner following links stops nothing. A POST to the same address also serves mail
 * clients' one-click unsubscribe.
 */
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { alertUnsubscribeSchema, unsubscribeTicketAlert } from "@market/alerts";
import styles from "~/styles/demand-screens.module.css";
import type { Route } from "./+types/alert-unsubscribe";
import { isMissing } from "~/server/refusal.server";
import { MarketError } from "@market/errors";

export const handle = { i18n: ["demand"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = await i18nServer.getFixedT(context.market.viewer.language, "demand");
  const token = alertUnsubscribeSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? undefined });
  return data({ token: token.success ? token.data.token : null, pageTitle: t("unsubscribe.metaTitle") }, { status: token.success ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = alertUnsubscribeSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? undefined });
  if (!token.success) return data({ done: false as const }, { status: 404 });
  try {
    const { email } = await unsubscribeTicketAlert(context.market, token.data.token);
    return data({ done: true as const, email });
  } catch (error) {
    if (isMissing(error)) return data({ done: false as const }, { status: 404 });
    // No signing key in this deployment (logged where it was found missing): nothing can be checked.
    if (error instanceof MarketError && error.status === 503) return data({ done: false as const }, { status: 503 });
    throw error;
  }
}

export default function AlertUnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("demand");
  const invalid = token === null || result?.done === false;
  return (
    <div className={styles.page}>
      <PageHeader title={t("unsubscribe.metaTitle")} fallback="/" />
      <main className={styles.main}>
        <section className={styles.card} role="status">
          {invalid ? (
            <>
              <h2 className={styles.title}>{t("unsubscribe.invalidTitle")}</h2>
              <p className={styles.body}>{t("unsubscribe.invalidBody")}</p>
            </>
          ) : result?.done ? (
            <>
              <h2 className={styles.title}>{t("unsubscribe.doneTitle")}</h2>
              <p className={styles.body}>{t("unsubscribe.doneBody", { email: result.email })}</p>
            </>
          ) : (
            <>
              <h2 className={styles.title}>{t("unsubscribe.title")}</h2>
              <p className={styles.body}>{t("unsubscribe.body")}</p>
              <Form method="post" className={styles.form}>
                <button type="submit" className={styles.primary}>
                  {t("unsubscribe.confirm")}
                </button>
              </Form>
            </>
          )}
          {invalid || result?.done ? (
            <Link to="/" className={styles.quiet}>
              {t("unsubscribe.home")}
            </Link>
          ) : null}
        </section>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
