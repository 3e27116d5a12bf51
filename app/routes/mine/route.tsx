/**
 * Me (SPEC §2 mine /mine): the buyer's account at a glance, or the way to sign in or register
 * for a guest; then orders, coupons and addresses, the guarantee, the app, help and policies,
 * about us with the version, and settings. The download-the-app prompt is a sheet (?sheet=app)
 * that works without JavaScript. Everyone can sell: 'Sell tickets' is always there, with 'My
 * listings' for a fan who sells their own and the provider console for a trader or organiser
 * (decision 250). Support staff also see their console (docs/decisions.md); nobody else sees
 * that it exists.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { Sheet, SheetTrigger, useSheet } from "~/components/sheet";
import { i18nServer } from "~/i18n/i18n.server";
import { loginUrl, optionalUser } from "~/server/auth.server";
import { readUserInfo } from "@market/accounts";
import { rolesOf } from "@market/staff";
import { sellerStanding } from "@market/selling";
import styles from "./styles.module.css";
import { LINE_ICONS, LineIcon } from "~/components/line-icon";
import type { Route } from "./+types/route";
import { StudentBadge } from "~/components/students-mark";
import { studentStatus } from "@market/students";

export const handle = { i18n: ["me", "apps"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader({ context }: Route.LoaderArgs) {
  const market = context.market;
  const userId = optionalUser(context);
  const [user, t, roles, student, seller] = await Promise.all([
    userId === null ? null : readUserInfo(market, userId),
    i18nServer.getFixedT(market.viewer.language, ["me", "common"]),
    rolesOf(market),
    userId === null ? null : studentStatus(market),
    sellerStanding(market),
  ]);
  const name = user ? user.nickName || [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email.split("@")[0] : "";
  return data({
    title: `${t("me:title")} · ${t("common:appName")}`,
    profile: user ? { name, maskEmail: user.maskEmail, avatar: user.avatar, initials: initialsOf(name) } : null,
    signInHref: loginUrl("/mine"),
    version: context.cloudflare.env.APP_VERSION,
    consoles: CONSOLES.filter((entry) => roles.includes(entry.role)).map((entry) => entry.key),
    /** How the viewer sells: null until they set up a seller profile. */
    sellsAs: seller?.as ?? null,
    /** Student verification: offered here, or a badge already held (market/students). */
    student: student && (student.offered || student.status === "verified") ? { verified: student.status === "verified" } : null,
  });
}

/** Up to two letters for the avatar: the first of the first and last words ('Mei Chan' → 'MC', '陳大文' → '陳'). */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return `${first}${last}`.toLocaleUpperCase();
}

const SHORTCUTS = [
  { key: "orders", to: "/my-order", icon: ["M5 4h14v16l-2.5-1.5L14 20l-2-1.5L10 20l-2.5-1.5L5 20Z", "M9 9h6M9 13h4"] },
  { key: "tickets", to: "/tickets", icon: ["M4 4h7v7H4ZM13 4h7v7h-7ZM4 13h7v7H4Z", "M14 14h2v2h-2ZM18 14h2M14 18h2M18 18h2v2"] },
  { key: "coupons", to: "/promo-code-list", icon: ["M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z", "M9.5 14.5l5-5M9.5 9.5h.01M14.5 14.5h.01"] },
  { key: "addresses", to: "/address-list", icon: ["M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z", "M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"] },
] as const;

/** The staff console, shown only to accounts with its role. Selling is everyone's (SELLING below). */
const CONSOLES = [
  { key: "support", role: "support", to: "/support", icon: ["M4 13v-1a8 8 0 0 1 16 0v1", "M4 13h3v5H4ZM17 13h3v5h-3Z", "M20 18a3 3 0 0 1-3 3h-3"] },
] as const;

const DOOR_ICON = ["M4 7V4h3M17 4h3v3M20 17v3h-3M7 20H4v-3", "M4 12h16"];
const SELL_ICON = ["M4 7h16v12H4Z", "M9 7V5h6v2", "M4 12h16"];
const LISTINGS_ICON = ["M4 8a2 2 0 0 0 2-2h12a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H6a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z", "M9 10h6M9 14h4"];

/**
 * Selling's rows on Me: 'Sell tickets' for everyone (the profile first, then the listing form),
 * then what the viewer sells as leads to: their listings as a fan, the console as a trader.
 */
function sellingRows(sellsAs: "fan" | "trader" | null) {
  return [
    { key: "sell", to: sellsAs ? "/provider/listings/new" : "/sell", icon: SELL_ICON, testId: "sell-entry" },
    ...(sellsAs === "fan" ? [{ key: "listings", to: "/provider/listings", icon: LISTINGS_ICON, testId: "listings-entry" }] : []),
    ...(sellsAs === "trader"
      ? [
          { key: "console", to: "/provider", icon: LISTINGS_ICON, testId: "console-entry" },
          { key: "door", to: "/provider/scan", icon: DOOR_ICON, testId: "door-entry" },
        ]
      : []),
  ];
}

const STUDENT_ICON = ["M2 9.5 12 5l10 4.5-10 4.5Z", "M6 11.5V16c0 1.2 2.7 2.5 6 2.5s6-1.3 6-2.5v-4.5"];

const MENU = [
  { key: "afterSales", to: "/process-list", icon: ["M4 12a8 8 0 1 0 2.3-5.7", "M4 4v4h4", "M12 8v4l3 2"] },
  { key: "faq", to: "/faq", icon: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6", "M12 17h.01"] },
  { key: "chat", to: "/chat?support=1", icon: ["M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4V6a1 1 0 0 1 1-1Z"] },
  { key: "support", to: "/emailSupport", icon: LINE_ICONS.mail },
  { key: "privacy", to: "/privacy-agreement", icon: LINE_ICONS.privacy },
  { key: "terms", to: "/user-agreement", icon: LINE_ICONS.terms },
  { key: "about", to: "/about-us", icon: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M12 11v6", "M12 7.5h.01"] },
  { key: "settings", to: "/settings", icon: ["M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z", "M19.4 13.5a7.6 7.6 0 0 0 0-3l2-1.5-2-3.4-2.3 1a7.5 7.5 0 0 0-2.6-1.5L14 2.6h-4l-.5 2.5A7.5 7.5 0 0 0 6.9 6.6l-2.3-1-2 3.4 2 1.5a7.6 7.6 0 0 0 0 3l-2 1.5 2 3.4 2.3-1a7.5 7.5 0 0 0 2.6 1.5l.5 2.5h4l.5-2.5a7.5 7.5 0 0 0 2.6-1.5l2.3 1 2-3.4Z"] },
] as const;

export default function Mine() {
  const { profile, signInHref, version, consoles, student, sellsAs } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["me", "apps"]);
  const appSheet = useSheet("app");

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className="visually-hidden">{t("title")}</h1>
        {profile ? (
          <section className={styles.profile} aria-label={t("profile.label")}>
            <span className={styles.avatar} aria-hidden="true">
              {profile.avatar ? <img src={profile.avatar} alt="" width={64} height={64} /> : profile.initials}
            </span>
            <div className={styles.identity}>
              <p className={styles.name}>{profile.name}</p>
              <p className={styles.email}>{profile.maskEmail || t("profile.noEmail")}</p>
            </div>
            <Link to="/settings" className={styles.gear} aria-label={t("profile.settings")}>
              <LineIcon paths={MENU[MENU.length - 1].icon} />
            </Link>
          </section>
        ) : (
          <div className={styles.guest}>
            <p className={styles.welcome}>{t("guest.title")}</p>
            <p className={styles.welcomeBody}>{t("guest.body")}</p>
            <Link to={signInHref} className={styles.signIn}>
              {t("guest.signIn")}
            </Link>
          </div>
        )}
      </header>

      <nav className={styles.shortcuts} aria-label={t("shortcuts.label")}>
        {SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.key} to={shortcut.to} className={styles.shortcut}>
            <span className={styles.shortcutIcon}>
              <LineIcon paths={shortcut.icon} />
            </span>
            {t(`shortcuts.${shortcut.key}`)}
          </Link>
        ))}
      </nav>

      <Link to="/guarantee" className={styles.guarantee}>
        <span className={styles.guaranteeIcon}>
          <LineIcon paths={LINE_ICONS.guarantee} />
        </span>
        <span className={styles.guaranteeText}>
          <strong>{t("guarantee.title")}</strong>
          <span>{t("guarantee.body")}</span>
        </span>
      </Link>

      <section className={styles.app} aria-labelledby="me-app-title">
        <div className={styles.appMark} aria-hidden="true">
          <LineIcon paths={["M4 8h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4Z", "M10 8v10"]} />
        </div>
        <h2 id="me-app-title" className={styles.appTitle}>
          {t("app.title")}
        </h2>
        <p className={styles.appBody}>{t("app.body")}</p>
        <div className={styles.stores}>
          <SheetTrigger sheet={appSheet} className={styles.store}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.storeLogo}>
              <path
                fill="currentColor"
                d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.5 0-2.9.9-3.7 2.3-1.6 2.8-.4 6.9 1.1 9.1.8 1.1 1.7 2.3 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.2.9-1.3 1.3-2.5 1.3-2.6 0 0-2.5-1-2.5-3.7ZM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3Z"
              />
            </svg>
            <span className={styles.storeText}>
              <small>{t("app.appStoreCaption")}</small>
              {t("app.appStore")}
            </span>
          </SheetTrigger>
          <SheetTrigger sheet={appSheet} className={styles.store}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.storeLogo}>
              <path fill="#34a853" d="M4.2 2.6 13.5 12l-9.3 9.4c-.3-.2-.5-.6-.5-1.1V3.7c0-.5.2-.9.5-1.1Z" />
              <path fill="#fbbc04" d="m16.6 15.1-3.1-3.1 3.1-3.1 3.6 2c1 .6 1 1.6 0 2.2Z" />
              <path fill="#ea4335" d="M13.5 12 4.2 21.4c.4.2.9.2 1.4-.1l11-6.2Z" />
              <path fill="#4285f4" d="M13.5 12 16.6 8.9l-11-6.2c-.5-.3-1-.3-1.4-.1Z" />
            </svg>
            <span className={styles.storeText}>
              <small>{t("app.googlePlayCaption")}</small>
              {t("app.googlePlay")}
            </span>
          </SheetTrigger>
        </div>
      </section>

      <nav className={styles.menu} aria-label={t("selling.label")}>
        {sellingRows(sellsAs).map((row) => (
          <Link key={row.key} to={row.to} className={styles.menuRow} data-testid={row.testId}>
            <LineIcon paths={row.icon} className={styles.menuIcon} />
            <span className={styles.menuLabel}>{t(`selling.${row.key}`)}</span>
          </Link>
        ))}
      </nav>

      {student ? (
        <nav className={styles.menu} aria-label={t("apps:student.entry")}>
          <Link to="/student-certification" className={styles.menuRow} data-testid="student-entry">
            <LineIcon paths={STUDENT_ICON} className={styles.menuIcon} />
            <span className={styles.menuLabel}>{t("apps:student.entry")}</span>
            {student.verified ? <StudentBadge /> : null}
          </Link>
        </nav>
      ) : null}

      {consoles.length > 0 ? (
        <nav className={styles.menu} aria-label={t("staff.label")}>
          {CONSOLES.filter((entry) => consoles.includes(entry.key)).map((entry) => (
            <Link key={entry.key} to={entry.to} className={styles.menuRow}>
              <LineIcon paths={entry.icon} className={styles.menuIcon} />
              <span className={styles.menuLabel}>{t(`staff.${entry.key}`)}</span>
            </Link>
          ))}
        </nav>
      ) : null}

      <nav className={styles.menu} aria-label={t("menu.help")}>
        {MENU.map((item) => (
          <Link key={item.key} to={item.to} className={styles.menuRow} prefetch={item.key === "faq" ? "intent" : undefined}>
            <LineIcon paths={item.icon} className={styles.menuIcon} />
            <span className={styles.menuLabel}>{t(`menu.${item.key}`)}</span>
            {item.key === "about" ? <span className={styles.menuValue}>{t("menu.version", { version })}</span> : null}
          </Link>
        ))}
      </nav>

      <Sheet sheet={appSheet} title={t("app.sheetTitle")} description={t("app.body")}>
        <ul className={styles.benefits}>
          {(["checkout", "tickets", "alerts"] as const).map((benefit) => (
            <li key={benefit}>{t(`app.benefits.${benefit}`)}</li>
          ))}
        </ul>
        <p className={styles.sheetText}>{t("app.sheetBody")}</p>
        <p className={styles.sheetText}>{t("app.sheetSignIn")}</p>
        <Link to={appSheet.closeHref} replace preventScrollReset className={styles.sheetDone}>
          {t("app.done")}
        </Link>
      </Sheet>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
