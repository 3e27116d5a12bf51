/**
 * The frame of every provider and support console page: a compact dark bar that says which
 * console this is (so staff never mistake it for the buyer's app), a back link or the console's
 * mark, the page's title and a way out to Me; the support console adds its two areas as tabs.
 * A fan selling their own tickets is no console's user (decision 250): their selling screens
 * keep the app's own light bar, headed 'Selling', with back to Me where a trader sees the mark.
 * Mobile first like the rest of the app, drawn from the same tokens.
 */
import { Form, Link, NavLink, useNavigation, useRouteLoaderData } from "react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import kit from "./console-kit.module.css";
import styles from "./console-layout.module.css";
import type { loader as sellingFrameLoader } from "~/routes/selling-frame";

export type ConsoleKind = "provider" | "support";

/**
 * Who the selling screens are for: `fan` (a private seller, or someone not selling yet) or
 * `trader` (a trader's profile, or a staff provider), from the selling frame's loader; null
 * outside the selling screens.
 */
export function useSellsAs(): "fan" | "trader" | null {
  return useRouteLoaderData<typeof sellingFrameLoader>("routes/selling-frame")?.sellsAs ?? null;
}

/** The support console's two areas. */
const SUPPORT_TABS = [
  { key: "orders", to: "/support" },
  { key: "cases", to: "/support/cases" },
  { key: "demand", to: "/support/demand" },
  { key: "selling", to: "/support/payouts" },
  { key: "chats", to: "/support/chats" },
] as const;

interface ConsoleLayoutProps {
  kind: ConsoleKind;
  title: string;
  /** Where back leads (a record's page leads back to its list); the console's mark when absent. */
  back?: string;
  /** Who the console acts for ('HarbourSeats'), under the title. */
  actingFor?: string | null;
  /** Show the support console's area tabs (on its list pages). */
  tabs?: boolean;
  children: ReactNode;
}

export function ConsoleLayout({ kind, title, back, actingFor, tabs = false, children }: ConsoleLayoutProps) {
  const { t } = useTranslation(["console", "common"]);
  const sellsAs = useSellsAs();
  const fan = kind === "provider" && sellsAs === "fan";
  const name = fan ? "fan" : kind;
  const backTo = back ?? (fan ? "/mine" : undefined);
  return (
    <div className={styles.page} data-console={kind} data-sells-as={fan ? "fan" : undefined}>
      <header className={styles.bar}>
        {backTo ? (
          <Link to={backTo} className={styles.back} aria-label={t("common:back")}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5 8 12l7 7" />
            </svg>
          </Link>
        ) : (
          <span className={styles.mark} aria-hidden="true">
            {t(`layout.mark.${kind}`)}
          </span>
        )}
        <div className={styles.heading}>
          <p className={styles.console} data-testid="console-name">
            {t(`layout.name.${name}`)}
            {actingFor ? <span className={styles.actingFor}> · {actingFor}</span> : null}
          </p>
          <h1 className={styles.title}>{title}</h1>
        </div>
        <Link to="/mine" className={styles.exit}>
          {t("layout.exit")}
        </Link>
      </header>
      {tabs && kind === "support" ? (
        <nav className={styles.tabs} aria-label={t("layout.areas")}>
          {SUPPORT_TABS.map((tab) => (
            <NavLink key={tab.key} to={tab.to} end className={styles.tab}>
              {t(`layout.tabs.${tab.key}`)}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <main className={styles.main}>{children}</main>
    </div>
  );
}

/** Previous and next page of a console list: plain links, so they work without JavaScript. */
export function ConsolePager({ page, hasMore, href }: { page: number; hasMore: boolean; href: (page: number) => string }) {
  const { t } = useTranslation("console");
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className={styles.pager} aria-label={t("layout.pages")}>
      {page > 1 ? (
        <Link to={href(page - 1)} className={styles.pageLink} rel="prev">
          {t("layout.previous")}
        </Link>
      ) : (
        <span />
      )}
      {hasMore ? (
        <Link to={href(page + 1)} className={styles.pageLink} rel="next">
          {t("layout.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A console search: a GET form on the list's own address (?query=), so a search works without
 * JavaScript and can be shared. `boxed` gives it a card with a visible label and a hint.
 */
export function ConsoleSearch({
  id,
  label,
  placeholder,
  query,
  maxLength,
  hidden,
  hint,
}: {
  id: string;
  label: string;
  placeholder: string;
  query: string;
  maxLength: number;
  /** Other values of the address the search keeps (a status filter). */
  hidden?: Record<string, string>;
  /** Shown under the field, in a card with the label visible. */
  hint?: string;
}) {
  const { t } = useTranslation("console");
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.search.includes("query=");
  return (
    <Form method="get" className={hint ? kit.card : kit.form} role="search" aria-label={label}>
      {hint ? (
        <label className={kit.label} htmlFor={id}>
          {label}
        </label>
      ) : null}
      <div className={kit.searchRow}>
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input
          id={id}
          name="query"
          type="search"
          defaultValue={query}
          key={query}
          className={kit.input}
          placeholder={placeholder}
          aria-label={hint ? undefined : label}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={maxLength}
        />
        <button type="submit" className={kit.dark} disabled={searching}>
          {t("support.search")}
        </button>
      </div>
      {hint ? <p className={kit.hint}>{hint}</p> : null}
    </Form>
  );
}
