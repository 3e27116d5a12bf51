/**
 * The mail outbox (/dev-outbox): every mail the product sent, newest first, so codes can be read
 * without a mail provider. Outside production only; there it does not exist. `?to=` narrows it
 * to one address.
 */
import { data, Form, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { i18nServer } from "~/i18n/i18n.server";
import { readOutbox } from "~/server/outbox.server";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { notFoundResponse } from "~/server/refusal.server";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.market;
  if (viewer.environment === "production") throw notFoundResponse();
  const to = new URL(request.url).searchParams.get("to")?.trim() || undefined;
  const [t, mails] = await Promise.all([i18nServer.getFixedT(viewer.language, "account"), readOutbox(context.market, { to, limit: 50 })]);
  const format = new Intl.DateTimeFormat(viewer.language, { dateStyle: "medium", timeStyle: "medium", timeZone: viewer.timeZone });
  return data(
    {
      pageTitle: `${t("outbox.title")} · Ovation`,
      to: to ?? "",
      mails: mails.map((mail) => ({
        id: mail.id,
        to: mail.toAddress,
        kind: mail.kind,
        language: mail.language,
        subject: mail.subject,
        text: mail.textBody,
        status: mail.status,
        sentAt: format.format(new Date(mail.createdAt)),
        iso: new Date(mail.createdAt).toISOString(),
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function DevOutbox() {
  const { mails, to } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t("outbox.title")}</h1>
        <p className={styles.subtitle}>{t("outbox.subtitle")}</p>
        <Form method="get" className={styles.filter}>
          <input name="to" type="email" defaultValue={to} placeholder={t("fields.emailPlaceholder")} aria-label={t("outbox.to")} />
          <button type="submit">{t("outbox.filter")}</button>
        </Form>
      </header>
      {mails.length === 0 ? (
        <p className={styles.empty}>{t("outbox.empty")}</p>
      ) : (
        <ol className={styles.list}>
          {mails.map((mail) => (
            <li key={mail.id} className={styles.mail} data-mail-id={mail.id}>
              <div className={styles.meta}>
                <span className={styles.status} data-status={mail.status}>
                  {t(`outbox.status.${mail.status}`)}
                </span>
                <time dateTime={mail.iso}>{mail.sentAt}</time>
              </div>
              <h2 className={styles.subject}>{mail.subject}</h2>
              <p className={styles.to}>
                {t("outbox.to")}: <span data-testid="mail-to">{mail.to}</span> · {mail.kind} · {mail.language}
              </p>
              <pre className={styles.body}>{mail.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
