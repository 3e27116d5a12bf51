/**
 * Settings (SPEC §2 settings /settings, login required): language, currency and location (each
 * opens its picker and comes back here), Google and Apple linking (SPEC §3 bind statuses; the
 * link button starts the provider flow at /auth/:provider and shows only for configured
 * providers), the theme (system, light, dark; kept in a cookie like the other choices), the
 * account's email, this device's notifications (/settings/notifications), and sign out (a POST to /logout).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { ThemeChoice } from "./theme-choice";
import { requireUser } from "~/server/auth.server";
import { preferenceCookies } from "~/server/preferences.server";
import { chosenTheme } from "~/server/theme.server";
import { redirectWithToast } from "~/server/toast.server";
import { themeChoiceSchema } from "@market/preferences/choice-schemas";
import { chooseTheme } from "@market/preferences/choices";
import { readUserInfo } from "@market/accounts";
import { describeViewerPreferences } from "@market/preferences/options";
import { configuredProviders } from "~/server/third-party.server";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";
import { readForm } from "~/server/form.server";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["me"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireUser(request, context);
  const market = context.market;
  const [user, preferences, t] = await Promise.all([
    readUserInfo(market, userId),
    describeViewerPreferences(market),
    i18nServer.getFixedT(market.viewer.language, ["me", "common"]),
  ]);
  const configured = new Set(configuredProviders(context.cloudflare.env));
  const env = context.cloudflare.env;
  return data({
    title: `${t("me:settings.title")} · ${t("common:appName")}`,
    preferences: {
      language: preferences.language.name,
      currency: `${preferences.currency.currencyCode} · ${preferences.currency.currencySymbol}`,
      location: preferences.city ? `${preferences.city.name}, ${preferences.region.name}` : preferences.region.name,
    },
    providers: (["google", "apple"] as const).map((provider) => ({
      provider,
      linked: provider === "google" ? user.googleBindStatus : user.appleBindStatus,
      available: configured.has(provider),
    })),
    maskEmail: user.maskEmail,
    theme: chosenTheme(request),
    version: { name: env.APP_VERSION, build: env.APP_BUILD },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const submission = parseWithZod(await readForm(request), { schema: themeChoiceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const change = chooseTheme(submission.value);
  const t = await i18nServer.getFixedT(context.market.viewer.language, "me");
  return redirectWithToast(
    "/settings",
    { kind: "success", key: "preferenceSaved.theme", params: { name: t(`settings.themes.${change.theme}`) } },
    { headers: preferenceCookies(change, request).map((cookie): [string, string] => ["Set-Cookie", cookie]) },
  );
}

const RETURN_HERE = `returnTo=${encodeURIComponent("/settings")}`;

const PREFERENCES = [
  { key: "language", to: `/language-select?${RETURN_HERE}`, icon: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M3.5 9h17M3.5 15h17", "M12 3c2.5 2.4 3.5 5.4 3.5 9s-1 6.6-3.5 9c-2.5-2.4-3.5-5.4-3.5-9s1-6.6 3.5-9Z"] },
  { key: "currency", to: `/currency-select?${RETURN_HERE}`, icon: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M14.5 9.2c-.4-.9-1.4-1.4-2.5-1.4-1.5 0-2.6.8-2.6 2s1.1 1.7 2.6 2c1.5.3 2.6.9 2.6 2.1s-1.1 2-2.6 2c-1.2 0-2.2-.6-2.6-1.5", "M12 6v1.8M12 16.2V18"] },
  { key: "location", to: `/location-select?${RETURN_HERE}`, icon: ["M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z", "M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"] },
] as const;

function ProviderLogo({ provider }: { provider: "google" | "apple" }) {
  if (provider === "apple") {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.logo}>
        <path
          fill="currentColor"
          d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.5 0-2.9.9-3.7 2.3-1.6 2.8-.4 6.9 1.1 9.1.8 1.1 1.7 2.3 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.2.9-1.3 1.3-2.5 1.3-2.6 0 0-2.5-1-2.5-3.7ZM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3Z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.logo}>
      <path fill="#4285f4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3Z" />
      <path fill="#34a853" d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Z" />
      <path fill="#fbbc04" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2Z" />
      <path fill="#ea4335" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6Z" />
    </svg>
  );
}

export default function Settings() {
  const { preferences, providers, maskEmail, theme, version } = useLoaderData<typeof loader>();
  const { t } = useTranslation("me");
  return (
    <>
      <PageHeader title={t("settings.title")} fallback="/mine" />
      <main className={styles.page}>
        <TitledSection id="settings-preferences" title={t("settings.preferences")} titleClassName={styles.sectionTitle}>
          <div className={styles.card}>
            {PREFERENCES.map((item) => (
              <Link key={item.key} to={item.to} className={styles.linkRow}>
                <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
                  {item.icon.map((d) => (
                    <path key={d} d={d} />
                  ))}
                </svg>
                <span className={styles.label}>{t(`settings.${item.key}`)}</span>
                <span className={styles.value}>{preferences[item.key]}</span>
              </Link>
            ))}
          </div>
        </TitledSection>

        <TitledSection id="settings-notifications" title={t("settings.notifications")} titleClassName={styles.sectionTitle}>
          <div className={styles.card}>
            <Link to="/settings/notifications" className={styles.linkRow}>
              <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
                <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15Z" />
                <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
              </svg>
              <span className={styles.label}>{t("settings.pushOnThisDevice")}</span>
            </Link>
          </div>
        </TitledSection>

        <TitledSection id="settings-theme" title={t("settings.theme")} titleClassName={styles.sectionTitle}>
          <ThemeChoice current={theme} headingId="settings-theme" />
        </TitledSection>

        <TitledSection id="settings-linked" title={t("settings.linked")} titleClassName={styles.sectionTitle}>
          <div className={styles.card}>
            {providers.map(({ provider, linked, available }) => (
              <div key={provider} className={`${styles.row} ${styles.static}`}>
                <ProviderLogo provider={provider} />
                <span className={styles.label}>
                  {t(`settings.providers.${provider}`)}
                  <span className={linked ? styles.linked : styles.notLinked}>{linked ? t("settings.linkedStatus") : t("settings.notLinked")}</span>
                </span>
                {linked ? (
                  <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.check}>
                    <path d="m6 12.5 4 4 8-9" />
                  </svg>
                ) : available ? (
                  <Form method="post" action={`/auth/${provider}`} reloadDocument>
                    <input type="hidden" name="intent" value="bind" />
                    <input type="hidden" name="redirectTo" value="/settings" />
                    <button type="submit" className={styles.link} aria-label={`${t("settings.link")} ${t(`settings.providers.${provider}`)}`}>
                      {t("settings.link")}
                    </button>
                  </Form>
                ) : (
                  <span className={styles.unavailable}>{t("settings.unavailable")}</span>
                )}
              </div>
            ))}
          </div>
          <p className={styles.note}>{t("settings.linkedNote")}</p>
        </TitledSection>

        <TitledSection id="settings-account" title={t("settings.account")} titleClassName={styles.sectionTitle}>
          <div className={styles.card}>
            <div className={`${styles.row} ${styles.static}`}>
              <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
                <path d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5Z" />
                <path d="m4.5 6 7.5 6 7.5-6" />
              </svg>
              <span className={styles.label}>{t("settings.email")}</span>
              <span className={styles.value}>{maskEmail || "—"}</span>
            </div>
          </div>
        </TitledSection>

        <Form method="post" action="/logout" className={styles.signOut}>
          <input type="hidden" name="redirectTo" value="/mine" />
          <button type="submit" className={styles.signOutButton}>
            {t("settings.signOut")}
          </button>
          <p className={styles.note}>{t("settings.signOutNote")}</p>
        </Form>

        <p className={styles.version}>{t("settings.version", { version: version.name, build: version.build })}</p>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
