/**
 * Contacts (/chat-contacts, SPEC §2 TUIContact; login): the ticket providers and support the
 * viewer has talked to, each as a profile card (name, role, a provider's rating, sales, kind and
 * time on Ovation) with 'Message', which opens the latest conversation with them.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { RoleBadge } from "~/components/chat-bits";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { dateTimeFormat } from "@market/calendar/date-format";
import { listContacts, type Contact } from "@market/messaging/find";
import styles from "~/styles/chat-find.module.css";
import type { Route } from "./+types/chat-contacts";

export const handle = { i18n: ["chat", "chat-find"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const [contacts, t] = await Promise.all([listContacts(market), i18nServer.getFixedT(market.viewer.language, "chat-find")]);
  return data({ title: t("contacts.title"), contacts, timeZone: market.viewer.timeZone }, { headers: { "cache-control": "no-store" } });
}

export default function ChatContacts() {
  const { contacts, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat-find");
  return (
    <>
      <PageHeader title={t("contacts.title")} fallback="/news" />
      <main className={styles.page}>
        {contacts.length === 0 ? (
          <section className={styles.state} aria-labelledby="contacts-empty">
            <svg className={styles.stateArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <circle cx="48" cy="38" r="13" fill="var(--color-brand)" />
              <path d="M24 72c3-13 13-20 24-20s21 7 24 20Z" fill="var(--color-brand)" />
            </svg>
            <h2 id="contacts-empty">{t("contacts.emptyTitle")}</h2>
            <p>{t("contacts.emptyBody")}</p>
          </section>
        ) : (
          <ul className={styles.cards} data-testid="contacts">
            {contacts.map((contact) => (
              <ContactCard key={contact.role === "support" ? "support" : `seller:${contact.sellerId}`} contact={contact} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

function ContactCard({ contact, timeZone }: { contact: Contact; timeZone: string }) {
  const { t, i18n } = useTranslation(["chat-find", "chat"]);
  const name = contact.name ?? t("chat:roles.supportName");
  const facts = contact.facts;
  const since = facts ? dateTimeFormat(i18n.language, { year: "numeric", month: "short", timeZone }).format(facts.since) : null;
  return (
    <li className={styles.card} data-testid="contact" data-role={contact.role}>
      <span className={styles.top}>
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{name}</span>
        <RoleBadge role={contact.role} />
      </span>
      <p className={styles.facts}>
        {facts ? (
          <>
            <span>{t("contacts.rating", { rating: facts.rating.toFixed(1) })}</span>
            <span>{t("contacts.sales", { count: facts.sales })}</span>
            {facts.kind ? <span>{t(`contacts.${facts.kind}`)}</span> : null}
            <span>{t("contacts.since", { date: since })}</span>
          </>
        ) : contact.role === "support" ? (
          <span>{t("contacts.supportAbout")}</span>
        ) : null}
        <span>{t("contacts.conversations", { count: contact.conversations })}</span>
      </p>
      <Link to={`/chat?id=${contact.conversationId}`} className={styles.message} aria-label={`${t("contacts.message")}: ${name}`}>
        {t("contacts.message")}
      </Link>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
